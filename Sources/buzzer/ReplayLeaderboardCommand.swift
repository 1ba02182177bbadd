import ArgumentParser
import BuzzerArchive
import BuzzerGame
import BuzzerReplay
import Foundation

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

    @Option(help: ArgumentHelp("A league's standings (docs/league.md), as its page shows them.", valueName: "id"))
    var league: String?

    @Option(help: ArgumentHelp("With --league: tonight, week, month, season or all.", valueName: "period"))
    var period: LeagueStandings.Period = .season

    @Option(help: ArgumentHelp("With --league: the standings as of this time (YYYY-MM-DD: the end of that UTC day; or ms since 1970). Default: now.", valueName: "time"))
    var asOf: String?

    @Option(help: ArgumentHelp("With --league: the league file. Default: leagues.json in the archive directory.", valueName: "file"))
    var leagueFile: String?

    @Flag(help: "Print the table even if games it depends on have missing, damaged or disagreeing lines, with those games marked (exit status 1).")
    var allowIncomplete = false

    /// Usage mistakes exit 64 with the usage (docs/replay.md).
    func validate() throws {
        if let league, let problem = RoomLeague.idProblem(league) { throw ValidationError("--league: \(problem)") }
        if league != nil, since != nil || until != nil { throw ValidationError("--league takes --period (and --as-of), not --since or --until") }
        do {
            _ = try since.map { text throws(ReplayError) in try ReplayFormat.day(text) }
            _ = try until.map { text throws(ReplayError) in try ReplayFormat.day(text) }
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        if let league {
            try runLeague(league)
            return
        }
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
extension LeagueStandings.Period: ExpressibleByArgument {}

extension ReplayLeaderboardCommand {
    /// `--league ID`: the same reader and the same computation as the server's `/api/leagues/ID`.
    func runLeague(_ id: String) throws {
        if let problem = RoomLeague.idProblem(id) { throw CommandFailure("--league: \(problem)") }
        guard since == nil, until == nil else { throw CommandFailure("--league takes --period (and --as-of), not --since or --until") }
        var when = Int64(Date().timeIntervalSince1970 * 1000)
        if let asOf {
            if let ms = Int64(asOf), InputBounds.instant.contains(ms) { when = ms } else {
                when = try ReplayFormat.day(asOf) + 86_400_000 - 1
            }
        }
        let files = try archive.open().files
        var reader = LeagueGameReader()
        try ArchiveReader(files: files).read { reader.add($0) }
        let filePath = try leagueFile ?? {
            if let directory = archive.paths.first { return (directory as NSString).appendingPathComponent("leagues.json") }
            let file = ConfigPath.optional(archive.config)
            return (try ReplayArchive.configuredDirectory(configPath: file.path, required: file.required) as NSString)
                .appendingPathComponent("leagues.json")
        }()
        let book = try LeagueBook.load(path: filePath)
        let games = reader.games.filter { $0.league.id == id }
        guard let entry = book.entry(id) ?? games.last.map({ LeagueEntry(id: id, name: $0.league.name) }) else {
            throw CommandFailure("no league \(id) in this archive or in \(filePath)")
        }
        let standings = LeagueStandings(games: games, entry: entry, asOf: when, periods: [period])
        let table = standings.table(period)!
        for skip in reader.skipped where skip.league == id { ReplayOutput.warn("left out \(skip.game): \(skip.reason)") }
        if json {
            ReplayOutput.write(try ReplayOutput.json(table))
            return
        }
        var out = "\(entry.name) (\(entry.id)), \(period.rawValue), scored by \(entry.scoring.rawValue): \(table.games) game\(table.games == 1 ? "" : "s")\n"
        let rows = by == .team ? table.teams : table.players
        var text = TextTable([("RANK", .right), (by == .team ? "TEAM" : "PLAYER", .left), ("GAMES", .right), ("POINTS", .right),
                              ("WINS", .right), ("AVG PLACE", .right), ("TREND", .right)])
        for row in rows {
            let trend = row.trend.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? (period == .tonight || period == .week ? "" : "new")
            text.add([String(row.rank), row.name, String(row.games), String(row.points), String(row.wins), String(format: "%.2f", row.averagePlace), trend])
        }
        out += text.render()
        ReplayOutput.write(out)
    }
}
