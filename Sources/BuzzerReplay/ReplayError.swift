import BuzzerArchive

/// Why a replay command could not do what it was asked. Each case reads as a sentence for the
/// operator; the CLI prints it and exits non-zero.
package enum ReplayError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The archive path does not exist or a file could not be read.
    case archive(ArchiveError)
    /// The archive path does not exist.
    case missingArchive(path: String)
    /// The archive path is a directory with no log files in it.
    case emptyArchive(path: String)
    /// `CODE` or `CODE@N` was not understood.
    case invalidGameReference(String)
    /// No game with that code in the archive.
    case unknownGame(code: String)
    /// `CODE@N` asked for a game number the code never had.
    case noSuchGameNumber(code: String, number: Int, count: Int)
    /// `CODE-MS` (a league's game key) named a start no game with that code had.
    case noSuchGameStart(code: String, startedAt: Int64)
    /// The game has no readable room to show at all (its `room_created` is missing or damaged).
    case damagedGame(game: String, issue: String)
    /// A line of the game is missing, damaged or disagrees with what was recorded live, so its
    /// timeline or rows may be wrong; `problems` are its errors, first found first.
    case incompleteGame(game: String, problems: [ReplayIssue])
    /// Games a season table depends on are incomplete, so its totals may be wrong.
    case incompleteSeason(games: [SeasonLeaderboard.IncompleteGame])
    /// A `--since`/`--until` value is not a `YYYY-MM-DD` date.
    case invalidDate(String)
    /// config.json could not be read for the default archive directory.
    case config(path: String, reason: String)

    package var description: String {
        switch self {
        case .archive(let error):
            error.description
        case .missingArchive(let path):
            "no archive at \(path): no such file or directory (give the log with --archive PATH)"
        case .emptyArchive(let path):
            "no archive files (*.jsonl) in \(path)"
        case .invalidGameReference(let text):
            "\"\(text)\" is not a game: use a room code (ABCD), a code with its game number (ABCD@2) or a league's game key (ABCD-1732733040123)"
        case .unknownGame(let code):
            "no game with code \(code) in the archive (see `buzzer replay list`)"
        case .noSuchGameNumber(let code, let number, let count):
            "code \(code) was used by \(count) game\(count == 1 ? "" : "s") in the archive, so there is no \(code)@\(number)"
        case .noSuchGameStart(let code, let startedAt):
            "no game with code \(code) started at \(startedAt) in the archive (a league's game key names a game of this server's own archive)"
        case .damagedGame(let game, let issue):
            "game \(game) cannot be shown: \(issue)"
        case .incompleteGame(let game, let problems):
            "game \(game) is incomplete, so its numbers may be wrong: \(problems.first.map(String.init(describing:)) ?? "?")"
                + (problems.count > 1 ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"): see `buzzer replay verify \(game)`)" : "")
                + ". Pass --allow-incomplete to print it marked as incomplete"
        case .incompleteSeason(let games):
            // One gap is every open game's first problem: say it once.
            "\(games.count) game\(games.count == 1 ? "" : "s") this table depends on \(games.count == 1 ? "is" : "are") incomplete, so its totals may be wrong: "
                + games.prefix(10).map(\.game).joined(separator: ", ") + (games.count > 10 ? " and \(games.count - 10) more" : "")
                + " (" + games.map(\.firstProblem).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.prefix(3).joined(separator: "; ") + ")"
                + ". See `buzzer replay verify --all`; pass --allow-incomplete to print the table with those games marked"
        case .invalidDate(let text):
            "\"\(text)\" is not a date: use YYYY-MM-DD (UTC)"
        case .config(let path, let reason):
            "cannot read the archive directory from \(path): \(reason) (or pass --archive PATH)"
        }
    }
}
