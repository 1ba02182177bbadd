import BuzzerFormats
import BuzzerGame

/// The one JSON codec of an answer, on the wire (`answer`, `answer_ack`, `team_answer`, `state`)
/// and in the log (`answer_recorded`): `{"kind":"choice","option":1}`,
/// `{"kind":"multi","options":[0,2]}`, `{"kind":"truefalse","value":true}`,
/// `{"kind":"text","text":"…"}`, `{"kind":"number","value":1969}`, `{"kind":"poll","option":0}`,
/// `{"kind":"order","order":[2,0,1]}`.
/// `kind` comes first, which is also sorted order, so `JSONEncoder`'s `.sortedKeys` writes the same.
extension AnswerValue {
    /// How far a decoded answer is checked.
    package enum JSONBounds: Sendable {
        /// A client's answer: every field within `InputBounds`, checked where it enters.
        case client
        /// A logged answer, taken as written: `Room.logProblem` checks it against its question, so a
        /// log from an older build (before the bounds) still replays.
        case log
    }

    /// The answer as a JSON tree: what every writer below writes; the member after `kind` is the kind's.
    package var jsonValue: JSONValue {
        .object([("kind", .string(shape.rawValue)), shape.codec.answerMember(self)])
    }

    /// Reads an answer object; the errors name the field and its range (`"answer.option" must be 0 to 63`).
    package init(json value: JSONValue, bounds: JSONBounds = .client) throws(JSONFieldError) {
        guard case .object(let members) = value else { throw JSONFieldError("\"answer\" must be an object") }
        let fields = JSONFields(members: members, prefix: "answer.")
        let name = try fields.string("kind", max: 16)
        guard let shape = AnswerShape(rawValue: name) else {
            throw JSONFieldError("answer.kind \"\(name.prefix(20))\" is not one of \(AnswerShape.names)")
        }
        self = try shape.codec.answer(fields, bounds: bounds)
    }

    /// The fast path of `buzzer replay`: an answer of a logged `answer_recorded` line read straight
    /// from its bytes, when it has exactly the layout `appendJSON` writes; nil otherwise (the caller
    /// falls back to `init(json:)`). See `AnswerLineDecoder` for the figure that keeps it.
    package init?(exactLayout c: inout JSONByteCursor) {
        guard c.literal(#"{"kind":""#), let name = c.plainString(validatingUTF8: true), c.literal(","),
              let shape = AnswerShape(rawValue: name), let value = shape.codec.answer(exactLayout: &c), c.literal("}") else { return nil }
        self = value
    }
}

/// The log writes the answer's bytes without walking `encode(to:)`; the personal `answer_ack` writes the same bytes.
extension AnswerValue: JSONBytesEncodable {
    package func appendJSON(to out: inout [UInt8]) {
        jsonValue.appendJSON(to: &out)
    }
}

extension AnswerValue: Codable {
    /// A logged answer (`JSONDecoder` over an archive line): read with `.log` bounds.
    package init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value, bounds: .log)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.reason))
        }
    }

    /// For `JSONEncoder` (the server messages that carry an answer): the same members, in order.
    package func encode(to encoder: any Encoder) throws {
        guard case .object(let members) = jsonValue else { return }
        var container = encoder.container(keyedBy: MemberKey.self)
        for member in members { try container.encode(member.value, forKey: MemberKey(member.key)) }
    }
}

/// A JSON member name as a coding key.
struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
