import BuzzerGame

/// How one question (by `QuestionFingerprint`) fared over every finished game it was asked in:
/// `buzzer replay questions`. Built from the replayed rooms, so its figures are the ones the
/// games' own results show.
package struct QuestionStats: Sendable, Equatable, Encodable {
    /// One option's share, or one typed answer's (the ten most given, for kinds without options).
    package struct AnswerCount: Sendable, Equatable, Encodable {
        package var answer: String
        package var count: Int
        /// Whether this option (or this typed answer) was judged right; nil for a poll.
        package var right: Bool?
    }

    package var fingerprint: String
    package var kind: String
    package var text: String
    /// The right answer as the export writes it ("" for a poll).
    package var answer: String
    package var timesAsked = 0
    /// `CODE@N` of each game it was asked in, in archive order.
    package var games: [String] = []
    package var lastAskedAt: Int64 = 0
    /// The league of the last game it was asked in, or nil for a one-off game.
    package var lastLeague: String?
    /// Answers given (every kind, polls included).
    package var answers = 0
    /// Answers judged (right, partly right or wrong): polls and unrevealed answers are not.
    package var judged = 0
    package var right = 0
    package var partlyRight = 0
    /// `right / judged` in percent, one decimal; nil when nothing was judged.
    package var percentRight: Double?
    package var responseMedianMs: Int64?
    package var responseP90Ms: Int64?
    package var counts: [AnswerCount] = []

    /// The answers' response times, kept until `finish`.
    var responses: [Int64] = []
    var optionCounts: [Int] = []
    var optionRight: [Bool?] = []
    var optionTexts: [String] = []
    var typed: [String: AnswerCount] = [:]

    private enum CodingKeys: String, CodingKey {
        case fingerprint, kind, text, answer, timesAsked, games, lastAskedAt, lastLeague, answers, judged, right, partlyRight
        case percentRight, responseMedianMs, responseP90Ms, counts
    }

    /// The nearest-rank percentile of sorted values (`p` in 1...100).
    static func percentile(_ sorted: [Int64], _ p: Int) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = (sorted.count * p + 99) / 100
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }
}

/// Gathers `QuestionStats` game by game, as the archive is read.
package struct QuestionStatsBuilder: Sendable {
    private var byFingerprint: [QuestionFingerprint: QuestionStats] = [:]
    private var order: [QuestionFingerprint] = []
    /// A question whose key a correction changed, by its fingerprint as asked → as corrected: the
    /// pack that asked it still has the old key (until someone fixes it), and must still find it.
    private var asAsked: [QuestionFingerprint: QuestionFingerprint] = [:]
    /// Games read.
    package private(set) var games = 0

    package init() {}

    /// Adds every revealed question of a replayed game; returns their fingerprints (the entries it changed).
    @discardableResult
    package mutating func add(_ game: ReplayGame) -> [QuestionFingerprint] {
        guard let room = game.room else { return [] }
        var touched: [QuestionFingerprint] = []
        games += 1
        let ranked = { (id: PlayerID) in room.players[id]?.isRanked == true }
        for entry in room.asked where entry.wasRevealed || entry.isRevealed {
            let question = room.question(entry)
            let fingerprint = QuestionFingerprint(question)
            var stats = byFingerprint[fingerprint] ?? {
                order.append(fingerprint)
                return QuestionStats(fingerprint: fingerprint.description, kind: question.kind.rawValue, text: question.text,
                                     answer: ReplayFormat.correctAnswer(question))
            }()
            stats.timesAsked += 1
            stats.games.append(game.id)
            stats.lastAskedAt = game.startedAt
            stats.lastLeague = room.league?.name
            add(entry, question: question, ranked: ranked, to: &stats)
            byFingerprint[fingerprint] = stats
            touched.append(fingerprint)
            if let content = entry.contentAsAsked {
                let before = QuestionFingerprint(text: question.text, answer: QuestionFingerprint.answerKey(content))
                if before != fingerprint, byFingerprint[before] == nil {
                    asAsked[before] = fingerprint
                    touched.append(before)
                }
            }
        }
        return touched
    }

    private func add(_ entry: AskedQuestion, question: Question, ranked: (PlayerID) -> Bool, to stats: inout QuestionStats) {
        let content = question.content
        let tiles = content.options
        let hasOptions = content.kind.hasOptions && !tiles.isEmpty
        if hasOptions && stats.optionTexts.isEmpty {
            stats.optionTexts = tiles
            stats.optionCounts = Array(repeating: 0, count: tiles.count)
            let identity = Array(tiles.indices)
            var right = Array(repeating: content.kind.module.isScored(content) ? false : nil as Bool?, count: tiles.count)
            if case .options(let indices) = content.kind.module.revealedAnswer(content, permutation: identity, acceptedExtra: []) {
                for index in indices where right.indices.contains(index) { right[index] = true }
            }
            stats.optionRight = right
        }
        for (id, recorded) in entry.answers where ranked(id) {
            stats.answers += 1
            stats.responses.append(recorded.responseMs)
            let outcome = entry.awards[id]?.outcome
            switch outcome {
            case .correct?: stats.judged += 1; stats.right += 1
            case .partial?: stats.judged += 1; stats.partlyRight += 1
            case .wrong?: stats.judged += 1
            case .counted?, nil: break
            }
            if hasOptions {
                content.kind.module.forEachPick(recorded.value) { index in
                    if stats.optionCounts.indices.contains(index) { stats.optionCounts[index] += 1 }
                }
            } else {
                let text = content.kind.module.answerText(recorded.value, content: content)
                let key = TextNormalizer.answerKey(text)
                let right: Bool? = switch outcome { case .correct?: true; case .partial?, .wrong?: false; default: nil }
                var seen = stats.typed[key] ?? QuestionStats.AnswerCount(answer: text, count: 0, right: right)
                seen.count += 1
                seen.right = seen.right ?? right
                stats.typed[key] = seen
            }
        }
    }

    /// The statistics, in the order the questions were first asked.
    package func finish() -> [QuestionStats] {
        order.map { finished($0)! }
    }

    /// One question's statistics as `finish` gives them (a corrected question's also by its key as asked);
    /// nil for a question not added. The builder
    /// keeps what it needs to add more games after (the question index adds each game as it ends).
    package func finished(_ fingerprint: QuestionFingerprint) -> QuestionStats? {
        guard var stats = byFingerprint[fingerprint] ?? asAsked[fingerprint].flatMap({ byFingerprint[$0] }) else { return nil }
        stats.percentRight = stats.judged == 0 ? nil : (Double(stats.right) * 1000 / Double(stats.judged)).rounded() / 10
        let sorted = stats.responses.sorted()
        stats.responseMedianMs = QuestionStats.percentile(sorted, 50)
        stats.responseP90Ms = QuestionStats.percentile(sorted, 90)
        if !stats.optionTexts.isEmpty {
            stats.counts = stats.optionTexts.indices.map {
                QuestionStats.AnswerCount(answer: stats.optionTexts[$0], count: stats.optionCounts[$0], right: stats.optionRight[$0])
            }
        } else {
            stats.counts = stats.typed.values
                .sorted { a, b in a.count != b.count ? a.count > b.count : a.answer < b.answer }
                .prefix(10).map { $0 }
        }
        stats.responses = []
        stats.optionCounts = []
        stats.optionRight = []
        stats.optionTexts = []
        stats.typed = [:]
        return stats
    }
}
