import BuzzerArchive
import BuzzerGame

/// Every question asked in the finished games of one or more archives, by `QuestionFingerprint`:
/// what the editor's "asked 3 times" line and the create form's "asked in this league lately"
/// warning read (`GET /api/questions/stats`, docs/replay.md "The question index"). Built game by
/// game from replayed rooms, as `replay questions` is, so corrections are already applied; a
/// lookup is a dictionary read.
package struct QuestionIndex: Sendable {
    /// One question: its `replay questions` figures, and when it was last asked in each league.
    package struct Entry: Sendable, Equatable, Encodable {
        package var stats: QuestionStats
        /// League id -> the start (ms since 1970) of the last game of that league that asked it.
        package var leagues: [String: Int64]
    }

    package private(set) var entries: [QuestionFingerprint: Entry] = [:]
    /// Finished, whole games read.
    package private(set) var games = 0
    /// Finished games left out because their log is not whole (`GameSelection.leftOut`).
    package private(set) var leftOut = 0

    package init() {}

    /// Reads every log file of `folders` (a folder that does not exist, or holds no log yet, adds
    /// nothing). Each game's room is let go once it is added: memory grows with the questions, not
    /// the answers.
    package static func build(folders: [String], now: Int64) throws(ReplayError) -> QuestionIndex {
        let present = folders.filter { (try? ArchiveFileName.logFiles(in: $0))?.isEmpty == false }
        guard !present.isEmpty else { return QuestionIndex() }
        var builder = QuestionStatsBuilder()
        var leagues: [QuestionFingerprint: [String: Int64]] = [:]
        var leftOut = 0
        let selection = GameSelection()
        _ = try ReplayArchive(paths: present).scan(depth: .replay, now: now) { game in
            guard selection.names(game) else { return }
            guard selection.leftOut(game) == nil else { leftOut += 1; return }
            builder.add(game)
            guard let room = game.room, let league = room.league?.id else { return }
            for asked in room.asked where asked.wasRevealed || asked.isRevealed {
                let fingerprint = QuestionFingerprint(room.question(asked))
                leagues[fingerprint, default: [:]][league] = max(leagues[fingerprint]?[league] ?? .min, game.startedAt)
            }
        }
        var index = QuestionIndex()
        index.games = builder.games
        index.leftOut = leftOut
        for stats in builder.finish() {
            guard let fingerprint = QuestionFingerprint(hex: stats.fingerprint) else { continue }
            index.entries[fingerprint] = Entry(stats: stats, leagues: leagues[fingerprint] ?? [:])
        }
        return index
    }

    /// The entry of `fingerprint`; nil for a question never asked in a finished game.
    package subscript(_ fingerprint: QuestionFingerprint) -> Entry? { entries[fingerprint] }

    /// When `fingerprint` was last asked in league `league` at or after `since`; nil if it was not.
    package func lastAsked(_ fingerprint: QuestionFingerprint, league: String, since: Int64) -> Int64? {
        guard let at = entries[fingerprint]?.leagues[league], at >= since else { return nil }
        return at
    }
}
