import ArgumentParser
import BuzzerReplay

/// `buzzer replay leaderboard`: season standings over many nights.
struct ReplayLeaderboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Season standings over finished games: games played, wins and total points per team or player.")

    @Option(help: ArgumentHelp("Only games started on or after this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only games started on or before this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var until: String?

    @Option(help: "team or player: names are matched ignoring case, accents and spacing.")
    var by: SeasonLeaderboard.Identity = .team

    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        let from = try since.map { text throws(ReplayError) in try ReplayFormat.day(text) }
        let to = try until.map { text throws(ReplayError) in try ReplayFormat.day(text) + 86_400_000 - 1 }
        let scan = try archive.open().scan(depth: .replay)
        let board = SeasonLeaderboard(games: scan.games, by: by, since: from, until: to)
        if json {
            ReplayOutput.write(try ReplayOutput.json(board))
        } else {
            var table = TextTable([("RANK", .right), (by == .team ? "TEAM" : "PLAYER", .left), ("GAMES", .right), ("WINS", .right), ("POINTS", .right)])
            for row in board.rows { table.add([String(row.rank), row.name, String(row.games), String(row.wins), String(row.points)]) }
            ReplayOutput.write(table.render() + "\(board.games) finished game\(board.games == 1 ? "" : "s")\n")
        }
        if ReplayOutput.reportProblems(scan, games: scan.games) { throw ExitCode(1) }
    }
}

extension SeasonLeaderboard.Identity: ExpressibleByArgument {}
