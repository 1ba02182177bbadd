/// A player's answer. Players send option positions as displayed (shuffled); events store
/// them mapped back to the pack's option indices, so scoring never needs the shuffle.
/// Its JSON, on the wire and in the log, is `AnswerValue+JSON` (BuzzerGameJSON).
package enum AnswerValue: Sendable, Equatable {
    case choice(Int)
    case multi([Int])
    case truefalse(Bool)
    case text(String)
    case number(Double)
    case poll(Int)
    /// An order question's items in the order the player put them: item positions, each once
    /// (displayed positions on the wire, pack item indices in the log).
    case order([Int])

    package var kind: QuestionKind {
        switch self {
        case .choice: .choice
        case .multi: .multi
        case .truefalse: .truefalse
        case .text: .text
        case .number: .number
        case .poll: .poll
        case .order: .order
        }
    }
}
