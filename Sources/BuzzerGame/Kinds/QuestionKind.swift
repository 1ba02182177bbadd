// The register of question kinds: each kind is a case of the three enums below and one line in
// `module` (and in `QuestionKind.json`, BuzzerGameJSON). Everything else about a kind is its
// module, Kinds/<Name>Kind.swift (docs/architecture.md, "Adding a question kind").

/// The kinds of question; the raw values are the `kind` strings of the pack format.
package enum QuestionKind: String, Codable, Sendable, CaseIterable {
    case choice, multi, truefalse, text, number, poll, order, pin, survey, buzz

    /// Kinds whose players pick from `options`.
    package var hasOptions: Bool { module.hasOptions }

    /// Kinds that can be partly right, and so take a `partialCredit` rule.
    package var hasPartialCredit: Bool { module.hasPartialCredit }
}

extension QuestionKind {
    /// The kind's module: the one place a kind is registered (and `QuestionKindJSON`'s `json`).
    package var module: any QuestionKindModule.Type {
        switch self {
        case .choice: ChoiceKind.self
        case .multi: MultiKind.self
        case .truefalse: TrueFalseKind.self
        case .text: TextKind.self
        case .number: NumberKind.self
        case .poll: PollKind.self
        case .order: OrderKind.self
        case .pin: PinKind.self
        case .survey: SurveyKind.self
        case .buzz: BuzzKind.self
        }
    }
}

/// What a question asks and what counts as right, by kind. Holding options and answer
/// together makes shapes like "truefalse with options" unrepresentable after decoding.
package enum QuestionContent: Sendable, Equatable {
    /// One correct option, by index into `options`.
    case choice(options: [String], answer: Int)
    /// A set of correct options; partial credit (see docs/kinds.md).
    case multi(options: [String], answers: [Int])
    case truefalse(answer: Bool)
    /// Free text; a reply is right when it normalises to one of `accepted`.
    case text(accepted: [String])
    /// The closest reply (or replies, on a tie) wins. `plain`: the pack's word on writing the
    /// question's numbers without separators (a year); nil when it says nothing (`NumberKind.isPlain`).
    case number(answer: Double, plain: Bool? = nil)
    /// Opinion only: no answer, no points.
    case poll(options: [String])
    /// Items to put in order, listed in the right order; players see them shuffled.
    case order(items: [String])
    /// A point or an area on the question's picture (`media.image`), and how pins are scored.
    case pin(PinQuestion)
    /// Typed answers grouped and counted; scored as its `Survey` says.
    case survey(Survey)
    /// The buzzer round: players press, the host marks the floor holder (`BuzzQuestion` holds its settings).
    case buzz(BuzzQuestion)

    package var kind: QuestionKind {
        switch self {
        case .choice: .choice
        case .multi: .multi
        case .truefalse: .truefalse
        case .text: .text
        case .number: .number
        case .poll: .poll
        case .order: .order
        case .pin: .pin
        case .survey: .survey
        case .buzz: .buzz
        }
    }

    /// What players see as tiles, in pack order: the options, or an order question's items (which
    /// are shuffled like options, by the asked question's `permutation`); empty for the other kinds.
    package var options: [String] { kind.module.tiles(self) }

    /// The answers the host may add to after the reveal (a text question's accepted answers); nil for other kinds.
    package var acceptedAnswers: [String]? { kind.module.acceptedAnswers(self) }
}

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
    /// Where a pin question's pin was put, in fixed point (`PinPoint`).
    case pin(PinPoint)
    /// A survey's typed answer (trimmed as a `text` one).
    case survey(String)
    /// A press on a buzz question, with its place and the host's mark; recorded by `buzz_pressed`, never sent as an answer.
    case buzz(BuzzPress)

    package var kind: QuestionKind {
        switch self {
        case .choice: .choice
        case .multi: .multi
        case .truefalse: .truefalse
        case .text: .text
        case .number: .number
        case .poll: .poll
        case .order: .order
        case .pin: .pin
        case .survey: .survey
        case .buzz: .buzz
        }
    }
}
