// A question kind is an open name: its module (Kinds/<Name>Kind.swift) declares its name, its
// `QuestionKind` constant and its content; the one list of kinds is `QuestionKind+Register.swift`.
// (docs/architecture.md, "Adding a question kind").

/// A kind of question, named by its module; its raw value is the pack format's `kind` string.
/// Holding the module's metatype makes `kind.module` free on the answer path (no lookup, no
/// allocation); two kinds are equal when they name the same module.
package struct QuestionKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's module: everything the game does with the kind.
    package let module: any QuestionKindModule.Type

    package init(_ module: any QuestionKindModule.Type) { self.module = module }

    /// The registered kind named `rawValue` (`QuestionKind.allCases`); nil for a name no kind has.
    package init?(rawValue: String) {
        guard let kind = Self.byName[rawValue] else { return nil }
        self = kind
    }

    /// The pack format's `kind` string.
    package var rawValue: String { module.name }
    package var description: String { rawValue }

    package static func == (lhs: QuestionKind, rhs: QuestionKind) -> Bool { ObjectIdentifier(lhs.module) == ObjectIdentifier(rhs.module) }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(module)) }

    /// Kinds whose players pick from `options`.
    package var hasOptions: Bool { module.hasOptions }

    /// Kinds that can be partly right, and so take a `partialCredit` rule.
    package var hasPartialCredit: Bool { module.hasPartialCredit }

    private static let byName: [String: QuestionKind] = Dictionary(allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}

extension QuestionKind: Codable {
    package init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let kind = QuestionKind(rawValue: name) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown question kind \"\(name.prefix(20))\""))
        }
        self = kind
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A kind's own question content (a choice's options and answer, a pin's target): its module's type,
/// built once per question. Equality is the type's own.
package protocol KindContent: Sendable {
    func isEqual(to other: any KindContent) -> Bool
}

extension KindContent where Self: Equatable {
    package func isEqual(to other: any KindContent) -> Bool { (other as? Self) == self }
}

/// What a question asks and what counts as right: its kind and the kind's own content (a
/// `KindContent` its module defines, read back with the module's typed accessor, e.g. `content.choice`).
/// Each kind builds it with its own factory (`QuestionContent.choice(options:answer:)`), so shapes like
/// "truefalse with options" stay unrepresentable after decoding.
package struct QuestionContent: Sendable, Equatable {
    package let kind: QuestionKind
    /// The kind's own content; its module's accessor gives it typed.
    package let payload: any KindContent

    package init(_ kind: QuestionKind, _ payload: any KindContent) {
        self.kind = kind
        self.payload = payload
    }

    /// The payload as `type` when this content is of `kind`; nil otherwise (a kind's accessors use it).
    package func payload<T: KindContent>(_ kind: QuestionKind, as type: T.Type) -> T? {
        self.kind == kind ? payload as? T : nil
    }

    package static func == (lhs: QuestionContent, rhs: QuestionContent) -> Bool {
        lhs.kind == rhs.kind && lhs.payload.isEqual(to: rhs.payload)
    }

    /// What players see as tiles, in pack order: the options, or an order question's items (which
    /// are shuffled like options, by the asked question's `permutation`); empty for the other kinds.
    package var options: [String] { kind.module.tiles(self) }

    /// The answers the host may add to after the reveal (a text question's accepted answers); nil for other kinds.
    package var acceptedAnswers: [String]? { kind.module.acceptedAnswers(self) }
}

/// A player's answer, by shape: each kind declares the shape it answers in
/// (`QuestionKindModule.answerShape`), and a new kind may reuse one (a slider's `.number`). Players
/// send option positions as displayed (shuffled); events store them mapped back to the pack's option
/// indices, so scoring never needs the shuffle. Its JSON, on the wire and in the log, is
/// `AnswerValue+JSON` (BuzzerGameJSON), under the shape's name (`AnswerShape.name`).
package enum AnswerValue: Sendable, Equatable {
    /// One option's index.
    case option(Int)
    /// Several options' indices.
    case options([Int])
    case bool(Bool)
    case text(String)
    case number(Double)
    /// One option's index, counted but never judged.
    case vote(Int)
    /// Item positions, each once (displayed positions on the wire, pack item indices in the log).
    case ranking([Int])
    /// A point on a picture, in fixed point (`PinPoint`).
    case point(PinPoint)
    /// A typed answer grouped with the others (trimmed as a `text` one).
    case phrase(String)
    /// A press of the phone's button, with its place and the host's mark; recorded by the kind's own
    /// event, never sent as an answer.
    case press(ButtonPress)
    /// Several typed answers, each trimmed as a `text` one (at most `InputBounds.maxTypedItems`).
    case texts([String])

    /// The answer's shape.
    package var shape: AnswerShape {
        switch self {
        case .option: .option
        case .options: .options
        case .bool: .bool
        case .text: .text
        case .number: .number
        case .vote: .vote
        case .ranking: .ranking
        case .point: .point
        case .phrase: .phrase
        case .press: .press
        case .texts: .texts
        }
    }
}

/// A press of the phone's one button: its place in the queue, whether it tied the one before, and
/// the host's mark once given (nil before).
package struct ButtonPress: Sendable, Equatable {
    package var place: Int
    package var tie: Bool
    package var right: Bool?

    package init(place: Int, tie: Bool, right: Bool?) {
        self.place = place
        self.tie = tie
        self.right = right
    }
}

/// The answer shapes. A shape's name (the answer JSON's `kind`) is the name of the first registered
/// kind that answers in it, which wrote its answers first (a slider's answers are `"number"`s); the
/// one shape no kind is named after is `texts` (a list's items). `AnswerShapeNameTests` holds the
/// names to the log's words, so a new kind never renames a logged answer.
package enum AnswerShape: Int, Sendable, CaseIterable {
    case option, options, bool, text, number, vote, ranking, point, phrase, press, texts

    /// The answer JSON's `kind` for this shape.
    package var name: String { Self.names[rawValue] }

    /// The kind whose name this shape carries, and whose JSON reads and writes it; nil for `texts`.
    package var namingKind: QuestionKind? { Self.namingKinds[rawValue] }

    /// The shape named `name`; nil for a name no shape has.
    package init?(name: String) {
        guard let shape = Self.byName[name] else { return nil }
        self = shape
    }

    private static let namingKinds: [QuestionKind?] = allCases.map { shape in
        shape == .texts ? nil : QuestionKind.allCases.first { $0.module.answerShape == shape }
    }
    private static let names: [String] = allCases.map { $0.namingKind?.rawValue ?? "\($0)" }
    private static let byName: [String: AnswerShape] = Dictionary(allCases.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
