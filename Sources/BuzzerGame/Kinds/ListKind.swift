/// `list`, the pub classic "name as many as you can" (name the seven dwarfs): a player types several
/// items, each matched as a `text` answer is (`TextNormalizer.answerKey`); each accepted item scores
/// once, out of the pack's `max` (all of them when it gives none). Answers are `.texts` (docs/kinds-typed.md, "list").
package enum ListKind: QuestionKindModule {
    package static let name = "list"
    package static var answerShape: AnswerShape { .texts }

    /// The phone's number of boxes: the pack's maximum.
    package static func figures(_ content: QuestionContent) -> [String: Double]? {
        content.list.map { ["max": Double($0.limit)] }
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard let q = content.list else { return }
        collector.checkAccepted(q.accepted, at: "\(path).\(ListQuestion.Field.answer.rawValue)")
        if let problem = q.maxProblem { collector.add("\(path).\(ListQuestion.Field.max.rawValue)", problem) }
    }

    /// Each item trimmed as a `text` answer; empty ones dropped, the same item (once folded) kept once;
    /// at most the question's maximum.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .texts(let typed) = value, let q = content.list else { throw wrongShape(value) }
        var items: [String] = [], keys: Set<String> = []
        for item in typed {
            let trimmed = item.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            guard !trimmed.isEmpty else { continue }
            guard trimmed.count <= settings.maxTextAnswerLength else {
                throw .invalidAnswer("an item is longer than \(settings.maxTextAnswerLength) characters")
            }
            if keys.insert(TextNormalizer.answerKey(trimmed)).inserted { items.append(trimmed) }
        }
        guard !items.isEmpty else { throw .invalidAnswer("the answer is empty") }
        guard items.count <= q.limit else { throw .invalidAnswer("at most \(q.limit) items") }
        return .texts(items)
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .texts(let items) = answer else { return "its answer is not a list of texts" }
        return items.count <= InputBounds.maxTypedItems ? nil : "its answer holds \(items.count) items, over \(InputBounds.maxTypedItems)"
    }

    /// Credit: the accepted items found (each once), out of the maximum.
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard let q = content.list else { return { _ in (0, 1) } }
        let keys = q.keys
        return { recorded in
            guard case .texts(let items) = recorded.value else { return (0, q.limit) }
            return (min(q.limit, Set(items.map(TextNormalizer.answerKey)).intersection(keys).count), q.limit)
        }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard let q = content.list else { return .none }
        return .text(q.accepted)
    }

    /// How many ranked players found each accepted item, in pack order (`RevealView.optionCounts`).
    package static func revealCounts(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> (options: [Int], trueFalse: [Int]) {
        guard let q = content.list else { return ([], []) }
        let index = Dictionary(q.accepted.enumerated().map { (TextNormalizer.answerKey($1), $0) }, uniquingKeysWith: { first, _ in first })
        var counts = Array(repeating: 0, count: q.accepted.count)
        for (id, recorded) in entry.answers where isRanked(id) {
            guard case .texts(let items) = recorded.value else { continue }
            for position in Set(items.compactMap { index[TextNormalizer.answerKey($0)] }) { counts[position] += 1 }
        }
        return (counts, [])
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .texts(let items) = value else { return "" }
        return items.joined(separator: " / ")
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        content.list?.accepted.joined(separator: " / ") ?? ""
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard let q = content.list else { return .texts(["?"]) }
        guard right, !q.accepted.isEmpty else { return .texts(["Rudolph"] + q.accepted.suffix(1)) }
        return .texts(Array(q.accepted.prefix(q.limit)))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let items = source.tileTexts(count: wild && source.chance(0.2) ? 0 : source.int(1...7), wild: wild)
        return .list(ListQuestion(accepted: items, max: source.chance(0.3) ? (wild ? source.boundaryInt() : source.int(1...max(1, items.count))) : nil))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard let q = content.list, source.chance(0.8) else { return wildAnswer(source: &source) }
        return .texts((0..<source.int(1...max(1, q.limit))).map { _ in source.chance(0.5) ? source.pick(q.accepted.isEmpty ? ["x"] : q.accepted) : source.anyText() })
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        .texts(content.list.map { Array($0.accepted.prefix($0.limit)) } ?? ["?"])
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue {
        .texts((0..<source.int(0...70)).map { _ in source.anyText() })
    }
}

/// A list question: the accepted items, in the order the reveal shows them, and how many count.
package struct ListQuestion: KindContent, Equatable {
    package var accepted: [String]
    /// How many items count (and a player may type); nil: all of them.
    package var max: Int?

    package init(accepted: [String], max: Int? = nil) {
        self.accepted = accepted
        self.max = max
    }

    /// The pack's fields of a list question.
    package enum Field: String, CaseIterable { case answer, max }

    /// How many items count: the pack's `max`, else every accepted item (at least 1).
    package var limit: Int { Swift.max(1, Swift.min(max ?? accepted.count, Swift.max(accepted.count, 1))) }

    /// The accepted items' keys (`TextNormalizer.answerKey`).
    package var keys: Set<String> { Set(accepted.map(TextNormalizer.answerKey)) }

    /// Why `max` is wrong; nil when it is absent or 1 to the number of accepted items.
    package var maxProblem: String? {
        guard let max, !(1...Swift.max(1, accepted.count)).contains(max) else { return nil }
        return "must be 1 to the number of accepted items (\(accepted.count))"
    }
}

extension QuestionKind {
    package static let list = QuestionKind(ListKind.self)
}

extension QuestionContent {
    package static func list(_ question: ListQuestion) -> QuestionContent { QuestionContent(.list, question) }
    /// A list question's accepted items and maximum; nil for other kinds.
    package var list: ListQuestion? { payload(.list, as: ListQuestion.self) }
}
