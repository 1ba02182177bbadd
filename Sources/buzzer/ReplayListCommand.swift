import ArgumentParser
import BuzzerReplay

/// `buzzer replay list`: every game in the archive, oldest first.
struct ReplayListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the games in the archive with their status (finished, abandoned, running).")

    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        let opened: ReplayArchive
        do {
            opened = try archive.open()
        } catch {
            // A new server's folder: nothing went wrong, there is just nothing to list yet.
            guard case .emptyArchive(let path) = error else { throw error }
            ReplayOutput.write(json ? "[]\n" : "no games yet (no log files in \(path))\n")
            return
        }
        let scan = try opened.scan(depth: .summary)
        let listings = scan.games.map(GameListing.init)
        if json {
            ReplayOutput.write(try ReplayOutput.json(listings))
        } else {
            var table = TextTable([("GAME", .left), ("TITLE", .left), ("STARTED (UTC)", .left), ("ENDED (UTC)", .left),
                                   ("PLAYERS", .right), ("TEAMS", .right), ("STATUS", .left)])
            for game in scan.games {
                let listing = GameListing(game)
                table.add([
                    listing.game, listing.title ?? "?", ReplayFormat.time(game.startedAt), game.endedAt.map(ReplayFormat.time) ?? "-",
                    String(listing.players), String(listing.teams),
                    listing.status.rawValue + (listing.problems > 0 ? " (\(listing.problems) problem\(listing.problems == 1 ? "" : "s"))" : ""),
                ])
            }
            ReplayOutput.write(table.render())
            ReplayOutput.write("\(scan.games.count) game\(scan.games.count == 1 ? "" : "s"), \(scan.lines) lines in \(scan.files.count) file\(scan.files.count == 1 ? "" : "s")\n")
        }
        if ReplayOutput.reportProblems(scan, games: scan.games) { throw ExitCode(1) }
    }
}
