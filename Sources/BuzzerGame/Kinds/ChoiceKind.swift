/// `choice`: one right option of two or more. The pack's `answer` is an index into `options`.
package enum ChoiceKind: QuestionKindModule {
    package static let name = "choice"
    package static var answerShape: AnswerShape { .option }
    package static var hasOptions: Bool { true }

    package static func tiles(_ content: QuestionContent) -> [String] {
        guard case (let options, _)? = content.choice else { return [] }
        return options
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let (options, answer)? = content.choice else { return }
        collector.checkOptions(options, kind: kind, at: "\(path).options")
        collector.checkChoiceAnswer(answer, optionCount: options.count, at: "\(path).answer")
    }

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .option(let position) = value else { throw wrongShape(value) }
        return .option(try OptionAnswers.option(position, permutation: permutation))
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .option(let option) = answer else { return nil }
        return OptionAnswers.logProblem(option, tileCount: tileCount)
    }

    package static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue {
        guard case .option(let index) = value else { return value }
        return .option(shown(index, permutation))
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case (_, let answer)? = content.choice else { return { _ in (0, 1) } }
        let right = AnswerValue.option(answer)
        return { $0.value == right ? (1, 1) : (0, 1) }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case (_, let answer)? = content.choice else { return .none }
        return .options([shown(answer, permutation)])
    }

    package static func forEachPick(_ value: AnswerValue, _ body: (Int) -> Void) {
        if case .option(let index) = value { body(index) }
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .option(let index) = value else { return "" }
        return tile(index, tiles)
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let (options, answer)? = content.choice else { return "" }
        return tile(answer, options)
    }

    package static func distribution(_ content: QuestionContent) -> AnswerDistribution {
        guard case (_, let answer)? = content.choice else { return .options(right: nil) }
        return .options(right: [answer])
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let (options, answer)? = content.choice else { return .option(0) }
        let pick = right ? answer : (answer + 1 + Int(rng.next() % UInt64(options.count - 1))) % options.count
        return .option(shown(pick, permutation))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let choices = source.options(wild: wild)
        return .choice(options: choices, answer: wild && source.chance(0.3) ? source.boundaryInt() : source.int(0...max(0, choices.count - 1)))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard case (_, let answer)? = content.choice else { return .option(0) }
        return .option(source.chance(0.5) ? shown(answer, permutation) : source.position(permutation.count))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case (_, let answer)? = content.choice else { return .option(0) }
        return .option(shown(answer, permutation))
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .option(source.boundaryInt()) }
}

/// What the option kinds (choice, multi, poll) share: an option position's range check.
enum OptionAnswers {
    /// A displayed position mapped to its pack index, or the player's error.
    static func option(_ position: Int, permutation: [Int]) throws(GameError) -> Int {
        guard permutation.indices.contains(position) else { throw .invalidAnswer("option \(position) does not exist") }
        return permutation[position]
    }

    static func logProblem(_ option: Int, tileCount: Int) -> String? {
        (0..<tileCount).contains(option) ? nil : "its answer names option \(option), which the question lacks"
    }
}

extension QuestionKind {
    package static let choice = QuestionKind(ChoiceKind.self)
}

/// A choice question's options and the index of its right one.
package struct ChoiceContent: KindContent, Equatable {
    package var options: [String]
    package var answer: Int
}

extension QuestionContent {
    /// One correct option, by index into `options`.
    package static func choice(options: [String], answer: Int) -> QuestionContent { QuestionContent(.choice, ChoiceContent(options: options, answer: answer)) }
    /// A choice question's options and answer; nil for other kinds.
    package var choice: (options: [String], answer: Int)? { payload(.choice, as: ChoiceContent.self).map { ($0.options, $0.answer) } }
}

extension ChoiceKind: ExampleQuestions {
    package static func example(_ n: Int, seed: Int) -> Question {
        Question(category: "General", text: "Question \(n): which of these is right?",
                 content: .choice(options: ["Alpha \(n)", "Bravo \(n)", "Charlie \(n)", "Delta \(n)"], answer: (n &+ seed) % 4))
    }
}
