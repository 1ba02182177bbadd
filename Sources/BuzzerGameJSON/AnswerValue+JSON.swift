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
        .object([("kind", .string(shape.name)), Self.member(self)])
    }

    /// Reads an answer object; the errors name the field and its range (`"answer.option" must be 0 to 63`).
    package init(json value: JSONValue, bounds: JSONBounds = .client) throws(JSONFieldError) {
        guard case .object(let members) = value else { throw JSONFieldError("\"answer\" must be an object") }
        let fields = JSONFields(members: members, prefix: "answer.")
        let name = try fields.string("kind", max: 16)
        guard let shape = AnswerShape(name: name) else {
            throw JSONFieldError("answer.kind \"\(name.prefix(20))\" is not one of \(AnswerShape.names)")
        }
        self = try Self.read(shape, fields, bounds: bounds)
    }

    /// The fast path of `buzzer replay`: an answer of a logged `answer_recorded` line read straight
    /// from its bytes, when it has exactly the layout `appendJSON` writes; nil otherwise (the caller
    /// falls back to `init(json:)`). See `AnswerLineDecoder` for the figure that keeps it.
    package init?(exactLayout c: inout JSONByteCursor) {
        guard c.literal(#"{"kind":""#), let name = c.plainString(validatingUTF8: true), c.literal(","),
              let shape = AnswerShape(name: name), let value = Self.read(shape, exactLayout: &c), c.literal("}") else { return nil }
        self = value
    }

    /// The answer's member after `kind`: its shape's codec's, or `texts` here.
    static func member(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        if case .texts(let items) = value { return ("texts", .array(items.map(JSONValue.string))) }
        return value.shape.codec?.answerMember(value) ?? ("value", .null)
    }

    /// Reads a `shape` answer's member; `texts` is at most `InputBounds.maxTypedItems` strings of `Bytes.text` from a client.
    static func read(_ shape: AnswerShape, _ fields: JSONFields, bounds: JSONBounds) throws(JSONFieldError) -> AnswerValue {
        guard shape == .texts else {
            guard let codec = shape.codec else { throw JSONFieldError("answer.kind \"\(shape.name)\" has no reader") }
            return try codec.answer(fields, bounds: bounds)
        }
        let client = bounds == .client
        guard case .array(let values)? = fields.object["texts"], !client || values.count <= InputBounds.maxTypedItems else {
            throw JSONFieldError("\"answer.texts\" must be an array of at most \(InputBounds.maxTypedItems) strings")
        }
        var items: [String] = []
        for value in values {
            guard case .string(let item) = value, !client || item.utf8.count <= InputBounds.Bytes.text else {
                throw JSONFieldError("\"answer.texts\" must hold strings of at most \(InputBounds.Bytes.text) bytes")
            }
            items.append(item)
        }
        return .texts(items)
    }

    /// `buzzer replay`'s fast path for a `shape` answer's member; nil when the layout differs.
    static func read(_ shape: AnswerShape, exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard shape == .texts else { return shape.codec?.answer(exactLayout: &c) }
        guard c.literal(#""texts":["#) else { return nil }
        var items: [String] = []
        if !c.literal("]") {
            repeat {
                guard c.literal("\""), let item = c.plainString(validatingUTF8: true) else { return nil }
                items.append(item)
            } while c.literal(",")
            guard c.literal("]") else { return nil }
        }
        return .texts(items)
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
