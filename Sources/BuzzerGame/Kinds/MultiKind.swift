/// `multi`: a set of right options, with partial credit (docs/kinds-options.md, "multi").
package enum MultiKind: QuestionKindModule {
    package static let name = "multi"
    package static var answerShape: AnswerShape { .options }
    package static var hasOptions: Bool { true }
    package static var hasPartialCredit: Bool { true }

    package static func tiles(_ content: QuestionContent) -> [String] {
        guard case (let options, _)? = content.multi else { return [] }
        return options
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let (options, answers)? = content.multi else { return }
        collector.checkOptions(options, kind: kind, at: "\(path).options")
        collector.checkMultiAnswers(answers, optionCount: options.count, at: "\(path).answer")
    }

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .options(let positions) = value else { throw wrongShape(value) }
        guard !positions.isEmpty else { throw .invalidAnswer("pick at least one option") }
        guard Set(positions).count == positions.count else { throw .invalidAnswer("an option is picked twice") }
        var mapped: [Int] = []
        for position in positions { mapped.append(try OptionAnswers.option(position, permutation: permutation)) }
        return .options(mapped.sorted())
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .options(let picked) = answer else { return nil }
        let options = 0..<tileCount
        return picked.allSatisfy(options.contains) && picked.count <= InputBounds.maxPickedOptions ? nil : "its answer names options the question lacks"
    }

    package static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue {
        guard case .options(let indices) = value else { return value }
        return .options(indices.map { shown($0, permutation) }.sorted())
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case (_, let answers)? = content.multi else { return { _ in (0, 1) } }
        return { recorded in
            guard case .options(let picked) = recorded.value else { return (0, 1) }
            return Scoring.multiCredit(picked: picked, correct: answers, rule: partialCredit)
        }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case (_, let answers)? = content.multi else { return .none }
        return .options(answers.map { shown($0, permutation) }.sorted())
    }

    package static func forEachPick(_ value: AnswerValue, _ body: (Int) -> Void) {
        if case .options(let indices) = value { for index in indices { body(index) } }
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .options(let indices) = value else { return "" }
        return indices.map { tile($0, tiles) }.joined(separator: "; ")
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let (options, answers)? = content.multi else { return "" }
        return answers.map { tile($0, options) }.joined(separator: "; ")
    }

    package static func distribution(_ content: QuestionContent) -> AnswerDistribution {
        guard case (_, let answers)? = content.multi else { return .options(right: nil) }
        return .options(right: Set(answers))
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let (options, answers)? = content.multi else { return .options([]) }
        let picks = right ? answers : [Int(rng.next() % UInt64(options.count))]
        return .options(picks.map { shown($0, permutation) })
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let choices = source.options(wild: wild)
        var answers = Array(Set((0..<source.int(1...max(1, choices.count - 1))).map { _ in source.int(0...max(0, choices.count - 1)) })).sorted()
        if wild, source.chance(0.3) { answers.append(source.boundaryInt()) }
        return .multi(options: choices, answers: answers)
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        if source.chance(0.4) { return rightAnswer(content, permutation: permutation) }
        if source.chance(0.1) { return .options([]) }
        let picks = (0..<source.int(1...max(1, permutation.count))).map { _ in source.position(permutation.count) }
        return .options(source.chance(0.8) ? Array(Set(picks)) : picks)
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case (_, let answers)? = content.multi else { return .options([]) }
        return .options(answers.map { shown($0, permutation) }.sorted())
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue {
        .options((0..<source.int(0...4)).map { _ in source.boundaryInt() })
    }
}

extension QuestionKind {
    package static let multi = QuestionKind(MultiKind.self)
}

/// A multi question's options and its right ones.
package struct MultiContent: KindContent, Equatable {
    package var options: [String]
    package var answers: [Int]
}

extension QuestionContent {
    /// A set of correct options; partial credit (see docs/kinds.md).
    package static func multi(options: [String], answers: [Int]) -> QuestionContent { QuestionContent(.multi, MultiContent(options: options, answers: answers)) }
    /// A multi question's options and answers; nil for other kinds.
    package var multi: (options: [String], answers: [Int])? { payload(.multi, as: MultiContent.self).map { ($0.options, $0.answers) } }
}

extension MultiKind: ExampleQuestions {
    package static func example(_ n: Int, seed: Int) -> Question {
        Question(category: "Science", text: "Question \(n): pick every right one", content: .multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2]))
    }
}
