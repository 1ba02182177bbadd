/// `slider`, as Kahoot has it: the phone drags a value between the pack's `min` and `max` in `step`s
/// and locks it in. It is right within `tolerance` of `answer`, or, when the pack gives no
/// tolerance, the closest guess (or guesses, on a tie) wins. Answers are `.number` (docs/kinds-typed.md, "slider").
package enum SliderKind: QuestionKindModule {
    package static let name = "slider"
    package static var answerShape: AnswerShape { .number }

    /// The reveal draws this many guesses on the scale, closest first: one shared message stays small.
    package static let revealGuessLimit = 100

    package static func figures(_ content: QuestionContent) -> [String: Double]? {
        guard let q = content.slider else { return nil }
        var figures = ["min": q.min, "max": q.max, "step": q.step]
        if let tolerance = q.tolerance { figures["tolerance"] = tolerance }
        return figures
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard let q = content.slider else { return }
        for problem in q.problems { collector.add("\(path).\(problem.field.rawValue)", problem.message) }
    }

    /// A playable number between `min` and `max`, snapped to the nearest step.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .number(let number) = value, let q = content.slider else { throw wrongShape(value) }
        guard InputBounds.isPlayableNumber(number), number >= q.min, number <= q.max else {
            throw .invalidAnswer("the answer must be a number from \(NumberText.text(q.min)) to \(NumberText.text(q.max))")
        }
        return .number(q.snapped(number))
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .number(let value) = answer else { return "its answer is not a number" }
        return InputBounds.isPlayableNumber(value) ? nil : "its answer \(value) is out of range"
    }

    /// Within `tolerance`, or (without one) at the smallest distance among the ranked players: full credit.
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard let q = content.slider else { return { _ in (0, 1) } }
        var best = q.tolerance ?? Double.infinity
        if q.tolerance == nil {
            for (id, recorded) in entry.answers where isRanked(id) {
                if case .number(let value) = recorded.value { best = min(best, abs(value - q.answer)) }
            }
        }
        return { [best] recorded in
            guard case .number(let value) = recorded.value else { return (0, 1) }
            return abs(value - q.answer) <= best ? (1, 1) : (0, 1)
        }
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard let q = content.slider else { return .none }
        return .number(q.answer)
    }

    /// The ranked guesses, closest first (ties by player number), the first `revealGuessLimit`: the projector draws them on the scale.
    package static func revealGuesses(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedGuess]? {
        guard let q = content.slider else { return nil }
        var guesses: [(distance: Double, player: PlayerID, value: Double)] = []
        for (id, recorded) in entry.answers where isRanked(id) {
            if case .number(let value) = recorded.value { guesses.append((abs(value - q.answer), id, value)) }
        }
        guesses.sort { ($0.distance, $0.player.rawValue) < ($1.distance, $1.player.rawValue) }
        return guesses.prefix(revealGuessLimit).map {
            RevealedGuess(player: $0.player.rawValue, nickname: nickname($0.player), value: $0.value, distance: $0.distance)
        }
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .number(let value) = value else { return "" }
        return NumberText.text(value)
    }

    /// "42", or "42 ± 5" with a tolerance.
    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard let q = content.slider else { return "" }
        return NumberText.text(q.answer) + (q.tolerance.map { " ± \(NumberText.text($0))" } ?? "")
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard let q = content.slider else { return .number(0) }
        return .number(right ? q.answer : q.snapped(q.min + Double(rng.next() % 1_001) / 1_000 * (q.max - q.min)))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let low = Double(source.int(-100...100)), span = Double(source.int(1...1_000))
        let step = source.pick([1, 0.5, span])
        return .slider(SliderQuestion(
            min: wild && source.chance(0.2) ? source.boundaryDouble(nonFinite: true) : low,
            max: wild && source.chance(0.2) ? source.boundaryDouble(nonFinite: true) : low + span,
            step: wild && source.chance(0.2) ? source.boundaryDouble(nonFinite: true) : step,
            answer: wild && source.chance(0.2) ? source.boundaryDouble(nonFinite: true) : low + Double(source.int(0...Int(span))),
            tolerance: source.chance(0.5) ? Double(source.int(0...10)) : nil))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard let q = content.slider, source.chance(0.7) else { return wildAnswer(source: &source) }
        return .number(source.chance(0.4) ? q.answer : q.min + Double(source.int(0...100)) / 100 * (q.max - q.min))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        .number(content.slider?.answer ?? 0)
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .number(source.boundaryDouble(nonFinite: true)) }
}

/// A slider question: its scale, its right value and how close counts.
package struct SliderQuestion: KindContent, Equatable {
    package var min: Double
    package var max: Double
    package var step: Double
    package var answer: Double
    /// Right within this distance of `answer`; nil: the closest guess wins.
    package var tolerance: Double?

    package init(min: Double, max: Double, step: Double, answer: Double, tolerance: Double? = nil) {
        self.min = min
        self.max = max
        self.step = step
        self.answer = answer
        self.tolerance = tolerance
    }

    /// `value` on the nearest step from `min`, kept within the scale.
    package func snapped(_ value: Double) -> Double {
        guard step > 0 else { return value }
        return Swift.min(max, min + ((value - min) / step).rounded() * step)
    }

    /// The pack's fields of a slider question.
    package enum Field: String, CaseIterable { case min, max, step, answer, tolerance }

    /// What is wrong with the fields (each a pack error at `path.field`); empty when nothing is.
    package var problems: [(field: Field, message: String)] {
        var problems: [(field: Field, message: String)] = []
        for (field, value) in [(Field.min, min), (.max, max), (.step, step), (.answer, answer)] where !InputBounds.isPlayableNumber(value) {
            problems.append((field, "must be a number between -10^15 and 10^15"))
        }
        guard problems.isEmpty else { return problems }
        if !(min < max) { problems.append((.max, "must be greater than min (\(NumberText.text(min)))")) }
        if !(step > 0 && step <= max - min) { problems.append((.step, "must be more than 0 and at most max - min")) }
        if !(answer >= min && answer <= max) { problems.append((.answer, "must be from min to max")) }
        if let tolerance, !(tolerance >= 0 && InputBounds.isPlayableNumber(tolerance)) { problems.append((.tolerance, "must be 0 or more")) }
        return problems
    }
}

extension QuestionKind {
    package static let slider = QuestionKind(SliderKind.self)
}

extension QuestionContent {
    package static func slider(_ question: SliderQuestion) -> QuestionContent { QuestionContent(.slider, question) }
    /// A slider question's scale and answer; nil for other kinds.
    package var slider: SliderQuestion? { payload(.slider, as: SliderQuestion.self) }
}
