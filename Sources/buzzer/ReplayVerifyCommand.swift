import ArgumentParser
import BuzzerReplay

/// `buzzer replay verify [CODE|--all]`: replays games and checks them against what was recorded live.
struct ReplayVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Replay games through the game domain and check recorded standings, sequence continuity and event validity.",
        discussion: "Exits 1 and names each mismatch (game, file:line, seq, what differs) if anything does not hold.")

    @Argument(help: ArgumentHelp("The game: CODE (newest with that code) or CODE@N.", valueName: "game"))
    var game: String?

    @Flag(help: "Verify every game in the archive (the default when no game is given).")
    var all = false

    @Flag(help: "List every game, not only the failing ones.")
    var verbose = false

    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func validate() throws {
        if game != nil && all { throw ValidationError("give either a game (CODE or CODE@N) or --all, not both") }
        try GameReference.validate(game)
    }

    func run() throws {
        let reference = try game.map { text throws(ReplayError) in try GameReference(parsing: text) }
        let scan = try archive.open().scan(depth: .replay, code: reference?.code)
        let report = try VerifyReport(scan, only: reference)
        if json {
            ReplayOutput.write(try ReplayOutput.json(report))
        } else {
            var out = ""
            for game in report.games where verbose || reference != nil || !game.ok || game.issues.contains(where: { $0.severity == .warning }) {
                let checked = game.standingsChecked == 0 ? "no recorded standings to compare" : "\(game.standingsChecked) recorded standings match"
                out += "\(game.game)  \(game.ok ? "ok" : "FAILED")  \(game.status.rawValue), \(game.events) events, "
                out += game.ok ? "\(checked)\n" : "\(game.issues.filter { $0.severity == .error }.count) problem(s)\n"
                for issue in game.issues { out += "    \(issue.severity == .warning ? "warning: " : "")\(issue)\n" }
            }
            let archiveErrors = report.archiveIssues
            if !archiveErrors.isEmpty {
                out += "archive:\n"
                for issue in archiveErrors { out += "    \(issue.severity == .warning ? "warning: " : "")\(issue)\n" }
            }
            let failed = report.games.filter { !$0.ok }.count
            let checked = report.games.reduce(0) { $0 + $1.standingsChecked }
            out += "\(report.ok ? "OK" : "FAILED"): \(report.games.count) game\(report.games.count == 1 ? "" : "s") verified, \(failed) failed; "
            out += "\(checked) recorded standings compared; \(report.lines) lines read\n"
            ReplayOutput.write(out)
        }
        if !report.ok { throw ExitCode(1) }
    }
}
