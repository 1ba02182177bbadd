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

    @Flag(help: "Print the table even if games it depends on have missing, damaged or disagreeing lines, with those games marked (exit status 1).")
    var allowIncomplete = false

    func run() throws {
        let from = try since.map { text throws(ReplayError) in try ReplayFormat.day(text) }
        let to = try until.map { text throws(ReplayError) in try ReplayFormat.day(text) + 86_400_000 - 1 }
        let scan = try archive.open().scan(depth: .replay)
        let board = try SeasonLeaderboard(games: scan.games, by: by, since: from, until: to, allowIncomplete: allowIncomplete)
        ReplayOutput.write(json ? try ReplayOutput.json(board) : Self.render(board))
        let incomplete = Set(board.incompleteGames.map(\.game))
        let theirs = scan.games.filter { incomplete.contains($0.id) }.flatMap(\.issues)
        ReplayOutput.report(theirs)
        // Problems elsewhere (games outside the dates, abandoned ones) do not change the table.
        let elsewhere = ReplayOutput.distinct(scan.archiveIssues + scan.games.flatMap(\.issues))
            .filter { $0.severity == .error && !theirs.contains($0) }.count
        if elsewhere > 0 {
            ReplayOutput.warn("note: \(elsewhere) problem\(elsewhere == 1 ? "" : "s") in games this table does not depend on; run `buzzer replay verify --all` for them")
        }
        if !board.complete { throw ExitCode(1) }
    }

    static func render(_ board: SeasonLeaderboard) -> String {
        var out = ""
        if !board.complete {
            let count = board.incompleteGames.count
            out += ReplayOutput.incompleteBanner(
                "\(count) game\(count == 1 ? "" : "s") this table depends on \(count == 1 ? "has" : "have") missing, damaged or disagreeing lines",
                problems: board.incompleteGames.map { game in
                    let use = game.counted ? "counted" : "not counted: its end may be among the lost lines"
                    return "\(game.game) (\(game.status.rawValue), \(use)): \(game.firstProblem)"
                }, more: "buzzer replay verify --all")
        }
        var columns: [(String, TextTable.Alignment)] = [("RANK", .right), (board.by == .team ? "TEAM" : "PLAYER", .left), ("GAMES", .right), ("WINS", .right), ("POINTS", .right)]
        // How many incomplete games each total includes: only when there are any.
        if !board.complete { columns.append(("INCOMPLETE", .right)) }
        var table = TextTable(columns)
        for row in board.rows {
            var cells = [String(row.rank), row.name, String(row.games), String(row.wins), String(row.points)]
            if !board.complete { cells.append(String(row.incompleteGames)) }
            table.add(cells)
        }
        let counted = board.incompleteGames.filter(\.counted).count
        out += table.render() + "\(board.games) finished game\(board.games == 1 ? "" : "s")"
        out += board.complete ? "\n" : ", \(counted) of them incomplete; INCOMPLETE totals may be wrong\n"
        return out
    }
}

extension SeasonLeaderboard.Identity: ExpressibleByArgument {}
