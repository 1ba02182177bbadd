/// Credit (as a fraction) of answers to one question, worked out per answer as scoring visits it:
/// what a reveal needs without first building a table of every player's credit. The rule is the
/// kind's (`QuestionKindModule.judge`), built once per question.
package struct AnswerJudge {
    package typealias Credit = (numerator: Int, denominator: Int)
    /// An answer's credit; nil when the question has none to give (a poll).
    package typealias Rule = (RecordedAnswer) -> Credit?

    private let rule: Rule

    /// `isRanked` says which players' answers count where answers are judged against each other
    /// (a number question's best distance); `partialCredit` is the question's rule (its own or its pack's).
    init(_ entry: AskedQuestion, _ question: Question, partialCredit: PartialCredit = .perItem, rankedPlayers isRanked: (PlayerID) -> Bool) {
        rule = question.kind.module.judge(question.content, entry: entry, partialCredit: partialCredit, isRanked: isRanked)
    }

    /// The answer's credit; nil for a poll, which has none to give.
    /// A correction's ruling on the answer wins over the kind's rule.
    func credit(_ recorded: RecordedAnswer) -> Credit? {
        if let ruling = recorded.ruling { return ruling ? (1, 1) : (0, 1) }
        return rule(recorded)
    }
}
