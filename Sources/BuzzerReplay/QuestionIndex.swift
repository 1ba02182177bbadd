import BuzzerArchive
import BuzzerGame

/// Every question asked in the finished games that count (a league game, or a library pack's) of
/// one or more archives, by `QuestionFingerprint`: what the editor's "asked 3 times" line and the
/// create form's "asked in this league lately" warning read (`GET /api/questions/stats`,
/// docs/replay-season.md, "The question index"). Built game by game from replayed rooms, as `replay
/// questions` is, so corrections are already applied; a lookup is a dictionary read. A game that
/// ends later is added on its own (`add`): its questions' entries change, nothing else is read.
package struct QuestionIndex: Sendable {
    /// One question: its `replay questions` figures, and when it was last asked in each league.
    package struct Entry: Sendable, Equatable, Encodable {
        package var stats: QuestionStats
        /// League id -> the start (ms since 1970) of the last game of that league that asked it.
        package var leagues: [String: Int64]
    }

    /// A game by its code and start: the same game read twice is added once.
    private struct GameKey: Hashable, Sendable {
        var code: String
        var startedAt: Int64
    }

    package private(set) var entries: [QuestionFingerprint: Entry] = [:]
    /// Finished, whole games read.
    package private(set) var games = 0
    /// Finished games left out because their log is not whole (`GameSelection.leftOut`).
    package private(set) var leftOut = 0
    /// What the entries are made from, kept so a later game adds to them (each answer's response
    /// time: memory grows with the answers of the games that count).
    private var builder = QuestionStatsBuilder()
    private var added: Set<GameKey> = []
    private let selection = GameSelection()

    package init() {}

    /// Whether a game adds to the index: a league game, or one whose pack came from the library.
    /// An anonymous game with a pack sent with `create` adds nothing: anyone can play one, and its
    /// questions are nobody's library.
    package static func counts(_ room: Room) -> Bool { room.league != nil || room.fromLibrary }

    /// Reads every log file of `folders` (a folder that does not exist, or holds no log yet, adds
    /// nothing). Each game's room is let go once it is added: memory grows with the questions and
    /// the answers' response times, not the rooms.
    package static func build(folders: [String], now: Int64) throws(ReplayError) -> QuestionIndex {
        let present = folders.filter { (try? ArchiveFileName.logFiles(in: $0))?.isEmpty == false }
        var index = QuestionIndex()
        guard !present.isEmpty else { return index }
        var touched: Set<QuestionFingerprint> = []
        _ = try ReplayArchive(paths: present).scan(depth: .replay, now: now) { game in
            touched.formUnion(index.take(game))
        }
        index.refresh(touched)
        return index
    }

    /// Adds one game that ended (its own lines, read through the archive's index): only the entries
    /// of its questions change. A game that does not count, is not finished, was added already or
    /// is not whole adds nothing (the last is counted in `leftOut`). Returns whether it was added.
    @discardableResult
    package mutating func add(_ game: ReplayGame) -> Bool {
        let gamesBefore = builder.games
        refresh(take(game))
        return builder.games > gamesBefore
    }

    /// Folds a game into the builder; the fingerprints whose entries are now stale.
    private mutating func take(_ game: ReplayGame) -> [QuestionFingerprint] {
        guard selection.names(game), let room = game.room, Self.counts(room),
              added.insert(GameKey(code: game.code, startedAt: game.startedAt)).inserted else { return [] }
        guard selection.leftOut(game) == nil else { leftOut += 1; return [] }
        let touched = builder.add(game)
        games = builder.games
        if let league = room.league?.id {
            for fingerprint in touched {
                var entry = entries[fingerprint] ?? Entry(stats: QuestionStats(fingerprint: "", kind: "", text: "", answer: ""), leagues: [:])
                entry.leagues[league] = max(entry.leagues[league] ?? .min, game.startedAt)
                entries[fingerprint] = entry
            }
        }
        return touched
    }

    /// Makes the entries of `fingerprints` from the builder again.
    private mutating func refresh(_ fingerprints: some Sequence<QuestionFingerprint>) {
        for fingerprint in fingerprints {
            guard let stats = builder.finished(fingerprint) else { continue }
            entries[fingerprint] = Entry(stats: stats, leagues: entries[fingerprint]?.leagues ?? [:])
        }
    }

    /// The entry of `fingerprint`; nil for a question never asked in a finished game.
    package subscript(_ fingerprint: QuestionFingerprint) -> Entry? { entries[fingerprint] }

    /// When `fingerprint` was last asked in league `league` at or after `since`; nil if it was not.
    package func lastAsked(_ fingerprint: QuestionFingerprint, league: String, since: Int64) -> Int64? {
        guard let at = entries[fingerprint]?.leagues[league], at >= since else { return nil }
        return at
    }
}
