/// A player's answer. Players send option positions as displayed (shuffled); events store
/// them mapped back to the pack's option indices, so scoring never needs the shuffle.
package enum AnswerValue: Sendable, Equatable {
    case choice(Int)
    case multi([Int])
    case truefalse(Bool)
    case text(String)
    case number(Double)
    case poll(Int)

    package var kind: QuestionKind {
        switch self {
        case .choice: .choice
        case .multi: .multi
        case .truefalse: .truefalse
        case .text: .text
        case .number: .number
        case .poll: .poll
        }
    }
}

/// Encoded as `{"kind":"choice","option":1}`, `{"kind":"multi","options":[0,2]}`,
/// `{"kind":"truefalse","value":true}`, `{"kind":"text","text":"…"}`,
/// `{"kind":"number","value":1969}`, `{"kind":"poll","option":0}`.
extension AnswerValue: Codable {
    private enum CodingKeys: String, CodingKey { case kind, option, options, value, text }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(QuestionKind.self, forKey: .kind) {
        case .choice: self = .choice(try c.decode(Int.self, forKey: .option))
        case .multi: self = .multi(try c.decode([Int].self, forKey: .options))
        case .truefalse: self = .truefalse(try c.decode(Bool.self, forKey: .value))
        case .text: self = .text(try c.decode(String.self, forKey: .text))
        case .number: self = .number(try c.decode(Double.self, forKey: .value))
        case .poll: self = .poll(try c.decode(Int.self, forKey: .option))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .choice(let option), .poll(let option): try c.encode(option, forKey: .option)
        case .multi(let options): try c.encode(options, forKey: .options)
        case .truefalse(let value): try c.encode(value, forKey: .value)
        case .text(let text): try c.encode(text, forKey: .text)
        case .number(let value): try c.encode(value, forKey: .value)
        }
    }
}
