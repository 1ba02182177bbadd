/// `poll`: an opinion. Players pick one option; answers are counted, never scored.
package enum PollKind: QuestionKindModule {
    package static let name = "poll"
    package static var answerShape: AnswerShape { .vote }
    package static var hasOptions: Bool { true }
    package static var isScored: Bool { false }

    package static func tiles(_ content: QuestionContent) -> [String] {
        guard case let options? = content.poll else { return [] }
        return options
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let options? = content.poll else { return }
        collector.checkOptions(options, kind: kind, at: "\(path).options")
    }

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .vote(let position) = value else { throw wrongShape(value) }
        return .vote(try OptionAnswers.option(position, permutation: permutation))
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .vote(let option) = answer else { return nil }
        return OptionAnswers.logProblem(option, tileCount: tileCount)
    }

    package static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue {
        guard case .vote(let index) = value else { return value }
        return .vote(shown(index, permutation))
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        { _ in nil }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer { .none }

    package static func forEachPick(_ value: AnswerValue, _ body: (Int) -> Void) {
        if case .vote(let index) = value { body(index) }
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .vote(let index) = value else { return "" }
        return tile(index, tiles)
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String { "" }

    /// No right answer: the options, sorted, so their order in the pack does not matter.
    package static func fingerprintAnswer(_ content: QuestionContent) -> String {
        tiles(content).map(TextNormalizer.answerKey).sorted().joined(separator: "|")
    }

    package static func distribution(_ content: QuestionContent) -> AnswerDistribution { .options(right: nil) }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let options? = content.poll else { return .vote(0) }
        return .vote(Int(rng.next() % UInt64(options.count)))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        .poll(options: source.options(wild: wild))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        .vote(source.position(permutation.count))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue { .vote(0) }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .vote(source.boundaryInt()) }
}

extension QuestionKind {
    package static let poll = QuestionKind(PollKind.self)
}

/// A poll's options.
package struct PollContent: KindContent, Equatable {
    package var options: [String]
}

extension QuestionContent {
    /// Opinion only: no answer, no points.
    package static func poll(options: [String]) -> QuestionContent { QuestionContent(.poll, PollContent(options: options)) }
    /// A poll's options; nil for other kinds.
    package var poll: [String]? { payload(.poll, as: PollContent.self)?.options }
}
