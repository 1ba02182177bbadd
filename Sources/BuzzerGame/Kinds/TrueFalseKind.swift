/// `truefalse`: a statement, true or false. No options; the reveal counts each side.
package enum TrueFalseKind: QuestionKindModule {
    package static let name = "truefalse"
    package static var answerShape: AnswerShape { .bool }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {}

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .bool = value else { throw wrongShape(value) }
        return value
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case let answer? = content.truefalse else { return { _ in (0, 1) } }
        let right = AnswerValue.bool(answer)
        return { $0.value == right ? (1, 1) : (0, 1) }
    }

    package static var revealedAnswerType: (any KindRevealedAnswer.Type)? { TrueFalseRevealed.self }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let answer? = content.truefalse else { return .none }
        return .truefalse(answer)
    }

    package static func revealCounts(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> (options: [Int], trueFalse: [Int]) {
        var counts = [0, 0]
        for (id, answer) in entry.answers where isRanked(id) {
            if case .bool(let value) = answer.value { counts[value ? 1 : 0] += 1 }
        }
        return (Array(repeating: 0, count: entry.permutation.count), counts)
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .bool(let flag) = value else { return "" }
        return flag ? "true" : "false"
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let answer? = content.truefalse else { return "" }
        return answer ? "true" : "false"
    }

    /// "true" or "false".
    package static func fingerprintAnswer(_ content: QuestionContent) -> String {
        content.truefalse.map { $0 ? "true" : "false" } ?? ""
    }

    package static func distribution(_ content: QuestionContent) -> AnswerDistribution {
        guard case let answer? = content.truefalse else { return .grouped }
        return .rows([DistributionRow(answer: "true", right: answer), DistributionRow(answer: "false", right: !answer)])
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let answer? = content.truefalse else { return .bool(right) }
        return .bool(right ? answer : !answer)
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent { .truefalse(answer: source.bool()) }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard case let answer? = content.truefalse else { return .bool(true) }
        return .bool(source.chance(0.6) ? answer : source.bool())
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case let answer? = content.truefalse else { return .bool(true) }
        return .bool(answer)
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .bool(source.bool()) }
}

extension QuestionKind {
    package static let truefalse = QuestionKind(TrueFalseKind.self)
}

/// A truefalse question's answer.
package struct TrueFalseContent: KindContent, Equatable {
    package var answer: Bool
}

extension QuestionContent {
    package static func truefalse(answer: Bool) -> QuestionContent { QuestionContent(.truefalse, TrueFalseContent(answer: answer)) }
    /// A truefalse question's answer; nil for other kinds.
    package var truefalse: Bool? { payload(.truefalse, as: TrueFalseContent.self)?.answer }
}

/// A truefalse question's right answer in a reveal (true or false), written as `{"kind":"truefalse","value":true}`.
package struct TrueFalseRevealed: KindRevealedAnswer, Equatable {
    package var value: Bool
}

extension RevealedAnswer {
    /// A truefalse question's right answer: true or false.
    package static func truefalse(_ value: Bool) -> RevealedAnswer { .kind(.truefalse, TrueFalseRevealed(value: value)) }
}

extension TrueFalseKind: ExampleQuestions {
    package static func example(_ n: Int, seed: Int) -> Question {
        Question(category: "History", text: "Question \(n): true or false?", content: .truefalse(answer: n % 2 == 0))
    }
}
