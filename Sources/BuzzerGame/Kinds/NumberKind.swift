/// One of a number question's closest guesses, for the reveal to name (`RevealView.closest`).
package struct RevealedGuess: Sendable, Equatable, Codable {
    package var player: Int
    package var nickname: String?
    package var value: Double
    /// How far `value` is from the answer (0 when spot on).
    package var distance: Double
}

/// `number`: the closest reply (or replies, on a tie) among the ranked players wins.
package enum NumberKind: QuestionKindModule {
    package static let name = "number"
    package static var answerShape: AnswerShape { .number }

    /// The reveal names this many closest guesses: the projector's list, one small shared message.
    package static let revealGuessLimit = 5

    /// Whether a question's numbers are written without separators ("1824", not "1,824"): the pack's
    /// `plain`, or when the pack says nothing, a whole answer of four digits, which is nearly always a
    /// year (and most style guides write four digits ungrouped anyway). `"plain": false` keeps separators.
    package static func isPlain(answer: Double, plain: Bool?) -> Bool {
        plain ?? (answer.rounded() == answer && (1_000...9_999).contains(abs(answer)))
    }

    package static func writesPlainNumbers(_ content: QuestionContent) -> Bool {
        guard case (let answer, let plain)? = content.number else { return false }
        return isPlain(answer: answer, plain: plain)
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case (let answer, _)? = content.number else { return }
        collector.checkNumberAnswer(answer, at: "\(path).answer")
    }

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .number(let number) = value else { throw wrongShape(value) }
        guard InputBounds.isPlayableNumber(number) else { throw .invalidAnswer("the answer must be a number between -10^15 and 10^15") }
        return value
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .number(let value) = answer else { return nil }
        return InputBounds.isPlayableNumber(value) ? nil : "its answer \(value) is out of range"
    }

    /// Every answer at the smallest distance from the truth, among `isRanked` players, gets full credit.
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case (let truth, _)? = content.number else { return { _ in (0, 1) } }
        var best = Double.infinity
        for (id, recorded) in entry.answers where isRanked(id) {
            if case .number(let value) = recorded.value { best = min(best, abs(value - truth)) }
        }
        return { [best] recorded in
            guard case .number(let value) = recorded.value else { return (0, 1) }
            return abs(value - truth) == best ? (1, 1) : (0, 1)
        }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case (let answer, _)? = content.number else { return .none }
        return .number(answer)
    }

    /// The ranked players' guesses, closest first (ties by player number), the first `revealGuessLimit`.
    package static func revealGuesses(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedGuess]? {
        guard case (let truth, _)? = content.number else { return nil }
        var guesses: [(distance: Double, player: PlayerID, value: Double)] = []
        for (id, recorded) in entry.answers where isRanked(id) {
            if case .number(let value) = recorded.value { guesses.append((abs(value - truth), id, value)) }
        }
        guesses.sort { ($0.distance, $0.player.rawValue) < ($1.distance, $1.player.rawValue) }
        return guesses.prefix(revealGuessLimit).map {
            RevealedGuess(player: $0.player.rawValue, nickname: nickname($0.player), value: $0.value, distance: $0.distance)
        }
    }

    /// Each ranked guess's place, closest first: 1 + how many ranked guesses were strictly closer,
    /// so a tie shares its place ("3rd closest" after two spot-on guesses).
    package static func guessPlaces(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> [PlayerID: Int]? {
        guard case (let truth, _)? = content.number else { return nil }
        var guesses: [(player: PlayerID, distance: Double)] = []
        for (id, recorded) in entry.answers where isRanked(id) {
            if case .number(let value) = recorded.value { guesses.append((id, abs(value - truth))) }
        }
        guesses.sort { $0.distance < $1.distance }
        var places: [PlayerID: Int] = [:]
        places.reserveCapacity(guesses.count)
        var place = 1
        for (k, guess) in guesses.enumerated() {
            if k > 0, guess.distance > guesses[k - 1].distance { place = k + 1 }
            places[guess.player] = place
        }
        return places
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .number(let value) = value else { return "" }
        return NumberText.text(value)
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case (let answer, _)? = content.number else { return "" }
        return NumberText.text(answer)
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case (let answer, _)? = content.number else { return .number(0) }
        return .number(answer + (right ? 0 : Double(Int(rng.next() % 21) - 10)))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        .number(answer: source.boundaryDouble(nonFinite: wild))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard case (let answer, _)? = content.number else { return .number(0) }
        return .number(source.chance(0.4) ? answer : source.boundaryDouble(nonFinite: true))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case (let answer, _)? = content.number else { return .number(0) }
        return .number(answer)
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .number(source.boundaryDouble(nonFinite: true)) }
}

extension QuestionKind {
    package static let number = QuestionKind(NumberKind.self)
}

/// A number question's answer and the pack's word on writing it plain.
package struct NumberContent: KindContent, Equatable {
    package var answer: Double
    package var plain: Bool?
}

extension QuestionContent {
    /// The closest reply (or replies, on a tie) wins. `plain`: the pack's word on writing the
    /// question's numbers without separators (a year); nil when it says nothing (`NumberKind.isPlain`).
    package static func number(answer: Double, plain: Bool? = nil) -> QuestionContent { QuestionContent(.number, NumberContent(answer: answer, plain: plain)) }
    /// A number question's answer and `plain`; nil for other kinds.
    package var number: (answer: Double, plain: Bool?)? { payload(.number, as: NumberContent.self).map { ($0.answer, $0.plain) } }
}

extension NumberKind: ExampleQuestions {
    package static func example(_ n: Int, seed: Int) -> Question {
        Question(category: "Numbers", text: "Question \(n): in which year?", content: .number(answer: Double(1900 &+ n)), points: 2)
    }
}
