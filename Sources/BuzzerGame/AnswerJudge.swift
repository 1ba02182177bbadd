/// Credit (as a fraction) of answers to one question, worked out per answer as scoring visits it:
/// what a reveal needs without first building a table of every player's credit.
/// Number questions: every answer at the smallest distance from the truth gets full credit.
struct AnswerJudge {
    typealias Credit = (numerator: Int, denominator: Int)

    private enum Rule {
        case choice(Int)
        case multi([Int], PartialCredit)
        case order(count: Int, PartialCredit)
        case truefalse(Bool)
        case text(Set<String>)
        case number(truth: Double, best: Double)
        case poll
    }

    private let rule: Rule

    /// `isRanked` says which players' answers set the best distance of a number question;
    /// `partialCredit` is the question's rule (its own or its pack's).
    init(_ entry: AskedQuestion, _ question: Question, partialCredit: PartialCredit = .perItem, rankedPlayers isRanked: (PlayerID) -> Bool) {
        switch question.content {
        case let .choice(_, answer):
            rule = .choice(answer)
        case let .multi(_, answers):
            rule = .multi(answers, partialCredit)
        case .order(let items):
            rule = .order(count: items.count, partialCredit)
        case .truefalse(let answer):
            rule = .truefalse(answer)
        case .text(let accepted):
            rule = .text(Set((accepted + entry.acceptedExtra).map(TextNormalizer.answerKey)))
        case .number(let truth):
            var best = Double.infinity
            for (id, recorded) in entry.answers where isRanked(id) {
                if case .number(let value) = recorded.value { best = min(best, abs(value - truth)) }
            }
            rule = .number(truth: truth, best: best)
        case .poll:
            rule = .poll
        }
    }

    /// The answer's credit; nil for a poll, which has none to give.
    func credit(_ recorded: RecordedAnswer) -> Credit? {
        switch rule {
        case .choice(let answer):
            return recorded.value == .choice(answer) ? (1, 1) : (0, 1)
        case let .multi(answers, partialCredit):
            guard case .multi(let picked) = recorded.value else { return (0, 1) }
            return Scoring.multiCredit(picked: picked, correct: answers, rule: partialCredit)
        case let .order(count, partialCredit):
            guard case .order(let placed) = recorded.value else { return (0, 1) }
            return Scoring.orderCredit(placed: placed, count: count, rule: partialCredit)
        case .truefalse(let answer):
            return recorded.value == .truefalse(answer) ? (1, 1) : (0, 1)
        case .text(let keys):
            guard case .text(let text) = recorded.value else { return (0, 1) }
            return keys.contains(recorded.textKey ?? TextNormalizer.answerKey(text)) ? (1, 1) : (0, 1)
        case let .number(truth, best):
            guard case .number(let value) = recorded.value else { return (0, 1) }
            return abs(value - truth) == best ? (1, 1) : (0, 1)
        case .poll:
            return nil
        }
    }
}
