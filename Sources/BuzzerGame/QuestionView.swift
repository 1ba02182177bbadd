/// What players and displays see of a question: options in displayed (shuffled) order,
/// timing, and never the answer, accepted answers or explanation (those wait for `RevealView`).
package struct QuestionView: Sendable, Equatable, Codable {
    package var sequence: Int
    package var questionCount: Int
    package var round: Int
    package var roundTitle: String?
    package var roundCount: Int
    package var index: Int
    package var kind: QuestionKind
    package var category: String
    package var text: String
    package var options: [String]
    /// Score multiplier (0, 1 or 2).
    package var points: Int
    package var wager: Bool
    package var shownAt: GameInstant
    package var opensAt: GameInstant
    /// The deadline players are shown; the grace after it is deliberately not advertised.
    package var deadline: GameInstant
    package var timeLimitMs: GameDuration
    /// True when players may change their answer until the deadline; absent otherwise.
    package var answerChangeable: Bool? = nil
    /// While the host has the clock stopped: the ms it stopped at (to the opening while reading,
    /// to the deadline while open). Absent while the clock runs.
    package var pausedLeftMs: GameDuration? = nil
    /// While the question's kind holds the clock (a buzz's floor): the ms left, standing still, with no
    /// pause on screen and answers going on. Absent otherwise.
    package var heldLeftMs: GameDuration? = nil
    /// The question's picture or sound (never its `revealMedia`).
    package var media: QuestionMedia? = nil
    /// True when screens write this question's numbers without separators ("1824": a number
    /// question the pack marks `plain`, or a four-digit whole answer); absent otherwise.
    package var plain: Bool? = nil
    /// Numbers the kind's screens need before the reveal (`QuestionKindModule.figures`: a slider's
    /// `min`, `max`, `step`); absent for most kinds.
    package var figures: [String: Double]? = nil
    /// What the room's mechanics show under the text (the hints shown so far); absent when none.
    package var notes: [QuestionNote]? = nil
}

/// The host's view: the player view plus the answer (in displayed positions) and live counts.
package struct HostQuestionView: Sendable, Equatable, Codable {
    package var question: QuestionView
    package var correct: RevealedAnswer
    package var explanation: String?
    package var answered: Int
    package var connectedPlayers: Int
    /// The mechanics' console buttons for this question (show a hint); absent when none.
    package var actions: [MechanicAction]? = nil
}

/// The right answer, in displayed option positions: a shape several kinds share, or one kind's own.
package enum RevealedAnswer: Sendable, Equatable {
    case options([Int])
    case text([String])
    case number(Double)
    /// A right answer only `kind` reveals (a pin's target, an order's items in order, true or false),
    /// written under the kind's name.
    case kind(QuestionKind, any KindRevealedAnswer)
    case none

    package static func == (lhs: RevealedAnswer, rhs: RevealedAnswer) -> Bool {
        switch (lhs, rhs) {
        case (.options(let a), .options(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.kind(let kind, let a), .kind(let other, let b)): kind == other && a.isEqual(to: b)
        case (.none, .none): true
        default: false
        }
    }
}

/// A kind's own right answer (`RevealedAnswer.kind`): its members are written beside `kind` (the
/// kind's name), and it is read back by the kind named there (`QuestionKindModule.revealedAnswerType`).
package protocol KindRevealedAnswer: Sendable, Codable {
    func isEqual(to other: any KindRevealedAnswer) -> Bool
}

extension KindRevealedAnswer where Self: Equatable {
    package func isEqual(to other: any KindRevealedAnswer) -> Bool { (other as? Self) == self }
}

extension RevealedAnswer: Codable {
    private enum CodingKeys: String, CodingKey { case kind, options, value, accepted }
    private enum Shape: String { case options, text, number, none }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .kind)
        switch Shape(rawValue: name) {
        case .options?: self = .options(try c.decode([Int].self, forKey: .options))
        case .text?: self = .text(try c.decode([String].self, forKey: .accepted))
        case .number?: self = .number(try c.decode(Double.self, forKey: .value))
        case .none?: self = .none
        case nil:
            guard let kind = QuestionKind(rawValue: name), let type = kind.module.revealedAnswerType else {
                throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "no right answer of kind \"\(name.prefix(20))\"")
            }
            self = .kind(kind, try type.init(from: decoder))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .options(let options):
            try c.encode(Shape.options.rawValue, forKey: .kind)
            try c.encode(options, forKey: .options)
        case .text(let accepted):
            try c.encode(Shape.text.rawValue, forKey: .kind)
            try c.encode(accepted, forKey: .accepted)
        case .number(let value):
            try c.encode(Shape.number.rawValue, forKey: .kind)
            try c.encode(value, forKey: .value)
        case .kind(let kind, let answer):
            try c.encode(kind.rawValue, forKey: .kind)
            try answer.encode(to: encoder)
        case .none:
            try c.encode(Shape.none.rawValue, forKey: .kind)
        }
    }
}

/// Shown to everyone after a reveal.
package struct RevealView: Sendable, Equatable, Codable {
    package var sequence: Int
    package var correct: RevealedAnswer
    package var explanation: String?
    /// Picks per displayed option (choice, multi, poll); for an order question, how many put each
    /// displayed item in its right place; empty otherwise.
    package var optionCounts: [Int]
    /// Counts of false and true answers (truefalse only).
    package var trueFalseCounts: [Int]
    package var answered: Int
    package var rightCount: Int
    /// The answer's picture or sound, shown from the reveal on.
    package var media: QuestionMedia? = nil
    /// A pin question's pins, closest first (`QuestionKindModule.revealPins`); absent for other kinds.
    package var pins: [RevealedPin]? = nil
    /// The answer groups of a kind that groups answers, biggest first (the first `AnswerGroups.revealedCount`); absent for other kinds.
    package var groups: AnswerGroups? = nil
    /// A number question's closest guesses, closest first (`NumberKind.revealGuessLimit`); absent for other kinds.
    package var closest: [RevealedGuess]? = nil
}

/// A reveal's answer groups: the biggest, how many more there are, and how the projector draws them.
package struct AnswerGroups: Sendable, Equatable, Codable {
    /// How many groups a reveal names; the rest are counted (`more`).
    package static let revealedCount = 10

    package var display: AnswerGroupsDisplay
    package var groups: [AnswerGroup]
    /// Groups past `groups`, counted, not named.
    package var more: Int
}

/// Answers that fold to one key (with the host's merges), named by their most common spelling.
package struct AnswerGroup: Sendable, Equatable, Codable {
    /// The group's key (its kind's `comparisonKey`), what the host may merge by.
    package var key: String
    package var text: String
    package var count: Int
    /// Rare surveys: whether the group scores (it holds an accepted answer); absent otherwise.
    package var scored: Bool?
}

/// One player's own result on a revealed question.
package struct PlayerResult: Sendable, Equatable, Codable {
    package var sequence: Int
    package var answered: Bool
    package var outcome: AnswerOutcome?
    package var points: Int
    package var streakBonus: Int
    package var score: Int
    package var rank: Int?
    package var streak: Int
    /// On a wager question, what the player's team's stake won or lost (the team's, not the
    /// player's own points); absent otherwise.
    package var teamPoints: Int? = nil
    /// A kind that groups answers: the group the player's (or team's) answer is in, with its size; absent otherwise.
    package var group: AnswerGroup? = nil
    /// A number question: the player's (or team's) guess's place among the ranked guesses, closest
    /// first, ties sharing one (`NumberKind.guessPlaces`); absent otherwise.
    package var place: Int? = nil
}
