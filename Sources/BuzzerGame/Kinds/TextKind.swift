/// `text`: a typed reply is right when it normalises (`TextNormalizer.answerKey`) to an accepted
/// answer; the host may accept more after the reveal.
package enum TextKind: QuestionKindModule {
    package static let name = "text"
    package static var answerShape: AnswerShape { .text }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let accepted? = content.text else { return }
        collector.checkAccepted(accepted, at: "\(path).answer")
    }

    /// `TypedText.trimmed`: runs of whitespace become one space; an empty or over-long reply is refused.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .text(let text) = value else { throw wrongShape(value) }
        return .text(try TypedText.trimmed(text, maxLength: settings.maxTextAnswerLength))
    }

    package static func comparisonKey(_ answer: AnswerValue) -> String? {
        guard case .text(let text) = answer else { return nil }
        return TextNormalizer.answerKey(text)
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case let accepted? = content.text else { return { _ in (0, 1) } }
        let keys = Set((accepted + entry.acceptedExtra).map(TextNormalizer.answerKey))
        return { recorded in
            guard case .text(let text) = recorded.value else { return (0, 1) }
            return keys.contains(recorded.textKey ?? TextNormalizer.answerKey(text)) ? (1, 1) : (0, 1)
        }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let accepted? = content.text else { return .none }
        return .text(accepted + acceptedExtra)
    }

    package static func acceptedAnswers(_ content: QuestionContent) -> [String]? {
        guard case let accepted? = content.text else { return nil }
        return accepted
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .text(let text) = value else { return "" }
        return text
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let accepted? = content.text else { return "" }
        return (accepted + acceptedExtra).joined(separator: " / ")
    }

    /// Right: the first accepted answer in lower case, or the second as written; wrong: a near miss.
    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let accepted? = content.text, let first = accepted.first else { return .text("?") }
        guard right else { return .text(["Stones", "The Beetles", "ABBA"][Int(rng.next() % 3)]) }
        return .text(rng.next() % 2 == 0 ? first.lowercased() : accepted[min(1, accepted.count - 1)])
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let count = wild && source.chance(0.2) ? source.pick([0, 51]) : source.int(1...3)
        var accepted: [String] = []
        for index in 0..<count { accepted.append(index == 0 ? "yes" : "\(source.packText(30, wild: wild)) \(index)") }
        return .text(accepted: accepted)
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        .text(TypedText.fuzzTyped(accepted: acceptedAnswers(content), source: &source))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        .text(acceptedAnswers(content)?.first ?? "")
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .text(source.anyText()) }
}

extension QuestionKind {
    package static let text = QuestionKind(TextKind.self)
}

/// A text question's accepted answers.
package struct TextContent: KindContent, Equatable {
    package var accepted: [String]
}

extension QuestionContent {
    /// Free text; a reply is right when it normalises to one of `accepted`.
    package static func text(accepted: [String]) -> QuestionContent { QuestionContent(.text, TextContent(accepted: accepted)) }
    /// A text question's accepted answers; nil for other kinds.
    package var text: [String]? { payload(.text, as: TextContent.self)?.accepted }
}

extension TextKind: ExampleQuestions {
    package static func example(_ n: Int, seed: Int) -> Question {
        Question(category: "Music", text: "Question \(n): who sang it?", content: .text(accepted: ["The Beatles", "Beatles"]))
    }
}
