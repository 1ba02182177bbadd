/// One problem found in a question pack. `path` is a JSON path such as
/// `rounds[0].questions[7].answer` (empty for the pack itself).
package enum QuestionPackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON (RFC 8259); nothing else was checked.
    case syntax(line: Int, column: Int, reason: String)
    /// The JSON is well formed but breaks a rule of the pack format.
    case invalid(path: String, reason: String)

    package var description: String {
        switch self {
        case let .syntax(line, column, reason):
            "JSON syntax error at line \(line), column \(column): \(reason)"
        case let .invalid(path, reason):
            path.isEmpty ? reason : "\(path): \(reason)"
        }
    }
}

/// Every problem found in a pack, in document order.
package struct QuestionPackErrors: Error, Equatable, Sendable, CustomStringConvertible {
    package var errors: [QuestionPackError]

    package init(_ errors: [QuestionPackError]) { self.errors = errors }

    package var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// The bounds a pack must respect. Defaults suit a bar quiz; the app may load its own from config.
package struct QuestionPackLimits: Codable, Sendable, Equatable {
    package var minOptions = 2
    package var maxOptions = 6
    package var minTimeLimitSeconds = 5
    package var maxTimeLimitSeconds = 300
    package var maxTitleLength = 200
    package var maxTextLength = 1000
    package var maxOptionLength = 200
    package var maxAcceptedAnswers = 50
    package var maxQuestions = 1000
    /// Whether text may hold control characters: only a pack read back from the log may, since
    /// games from before packs refused them must still replay (their text is escaped when printed).
    /// A rule, not a setting: config.json cannot turn it on.
    package var allowsControlCharacters = false
    /// The fewest items an order question may have (its most is `maxOptions`).
    package static let minOrderItems = 3

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case minOptions, maxOptions, minTimeLimitSeconds, maxTimeLimitSeconds, maxTitleLength
        case maxTextLength, maxOptionLength, maxAcceptedAnswers, maxQuestions
    }

    /// Missing fields keep their defaults, so config.json only lists what it changes.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var l = QuestionPackLimits()
        func read(_ key: CodingKeys, _ field: inout Int) throws {
            if let value = try c.decodeIfPresent(Int.self, forKey: key) { field = value }
        }
        try read(.minOptions, &l.minOptions)
        try read(.maxOptions, &l.maxOptions)
        try read(.minTimeLimitSeconds, &l.minTimeLimitSeconds)
        try read(.maxTimeLimitSeconds, &l.maxTimeLimitSeconds)
        try read(.maxTitleLength, &l.maxTitleLength)
        try read(.maxTextLength, &l.maxTextLength)
        try read(.maxOptionLength, &l.maxOptionLength)
        try read(.maxAcceptedAnswers, &l.maxAcceptedAnswers)
        try read(.maxQuestions, &l.maxQuestions)
        self = l
    }

    /// Wide bounds for decoding packs already accepted once (e.g. replaying a room-created
    /// event); internal consistency is still checked so the game never indexes out of range.
    package static var lenient: QuestionPackLimits {
        var limits = QuestionPackLimits()
        limits.minOptions = 1
        limits.maxOptions = 64
        limits.minTimeLimitSeconds = 1
        limits.maxTimeLimitSeconds = 86_400
        limits.maxTitleLength = 100_000
        limits.maxTextLength = 100_000
        limits.maxOptionLength = 100_000
        limits.maxAcceptedAnswers = 10_000
        limits.maxQuestions = 100_000
        limits.allowsControlCharacters = true
        return limits
    }
}
