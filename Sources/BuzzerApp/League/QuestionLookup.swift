import BuzzerGame
import BuzzerReplay

/// One answer of `GET /api/questions/stats` (docs/replay-season.md, "The question index"): the figures of
/// some questions, by fingerprint or by a pack's positions, and, with a league, which of them that
/// league asked lately. Pure: the route and `buzzer bench questions` both make it from an index.
package struct QuestionLookup: Sendable, Encodable {
    /// One question asked about.
    package struct Item: Sendable, Encodable {
        /// For `?pack=`: the round and the question in it, from 0.
        package var round: Int?
        package var index: Int?
        package var fingerprint: String
        /// nil: never asked in a finished game.
        package var stats: QuestionStats?
        /// The start of the last game of `league` within `days` that asked it (only with `league`).
        package var askedInLeagueAt: Int64?
    }

    /// `&league=ID&days=N`'s answer.
    package struct Recent: Sendable, Encodable {
        package var league: String
        package var days: Int
        package var since: Int64
        /// How many of the questions asked about it asked in that window.
        package var repeated: Int
        package var of: Int
    }

    /// Finished games the index read, and when it was built.
    package var games: Int
    package var builtAt: Int64
    package var questions: [Item]
    package var recent: Recent?

    /// Ranges checked where the query enters (docs/replay-season.md).
    package static let maxFingerprints = 500
    package static let days = 1...3650

    /// The items for `fingerprints` (each with its pack position, if any), and the league window.
    package init(index: QuestionIndex, builtAt: Int64, asked: [(position: (round: Int, index: Int)?, fingerprint: QuestionFingerprint)],
                 league: (id: String, days: Int)?, now: Int64) {
        games = index.games
        self.builtAt = builtAt
        let since = league.map { now - Int64($0.days) * 86_400_000 }
        questions = asked.map { question in
            Item(round: question.position?.round, index: question.position?.index, fingerprint: question.fingerprint.description,
                 stats: index[question.fingerprint]?.stats,
                 askedInLeagueAt: league.flatMap { index.lastAsked(question.fingerprint, league: $0.id, since: since ?? 0) })
        }
        if let league, let since {
            recent = Recent(league: league.id, days: league.days, since: since,
                            repeated: questions.filter { $0.askedInLeagueAt != nil }.count, of: questions.count)
        }
    }

    /// Every question of a pack, in play order, with its position.
    package static func positions(of pack: QuestionPack) -> [(position: (round: Int, index: Int)?, fingerprint: QuestionFingerprint)] {
        pack.rounds.enumerated().flatMap { round, content in
            content.questions.enumerated().map { index, question in ((round, index), QuestionFingerprint(question)) }
        }
    }
}
