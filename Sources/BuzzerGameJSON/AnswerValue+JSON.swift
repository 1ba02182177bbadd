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

    /// The answer as a JSON tree: what every writer below writes.
    package var jsonValue: JSONValue {
        let member: (key: String, value: JSONValue) = switch self {
        case .choice(let option), .poll(let option): ("option", .number(Double(option)))
        case .multi(let options): ("options", .array(options.map { .number(Double($0)) }))
        case .order(let order): ("order", .array(order.map { .number(Double($0)) }))
        case .truefalse(let value): ("value", .bool(value))
        case .text(let text): ("text", .string(text))
        case .number(let value): ("value", .number(value))
        }
        return .object([("kind", .string(kind.rawValue)), member])
    }

    /// Reads an answer object; the errors name the field and its range (`"answer.option" must be 0 to 63`).
    package init(json value: JSONValue, bounds: JSONBounds = .client) throws(JSONFieldError) {
        guard case .object(let members) = value else { throw JSONFieldError("\"answer\" must be an object") }
        let fields = JSONFields(members: members, prefix: "answer.")
        let client = bounds == .client
        let option = client ? InputBounds.option : Int.min...Int.max
        switch try fields.string("kind", max: 16) {
        case "choice": self = .choice(try fields.int("option", in: option))
        case "poll": self = .poll(try fields.int("option", in: option))
        case "multi":
            guard let options = try fields.intArray("options", in: option, maxCount: client ? InputBounds.maxPickedOptions : .max) else {
                throw JSONFieldError("answer.options must be an array of option numbers")
            }
            self = .multi(options)
        case "order":
            guard let order = try fields.intArray("order", in: option, maxCount: client ? InputBounds.maxOrderedItems : .max) else {
                throw JSONFieldError("answer.order must be an array of item numbers")
            }
            if client, Set(order).count != order.count { throw JSONFieldError("\"answer.order\" must name each item once") }
            self = .order(order)
        case "truefalse": self = .truefalse(try fields.bool("value"))
        case "text": self = .text(try fields.string("text", max: client ? InputBounds.Bytes.text : .max))
        case "number": self = .number(try fields.number("value", playable: client))
        case let other: throw JSONFieldError("answer.kind \"\(other.prefix(20))\" is not one of choice, multi, truefalse, text, number, poll, order")
        }
    }

    /// The fast path of `buzzer replay`: an answer of a logged `answer_recorded` line read straight
    /// from its bytes, when it has exactly the layout `appendJSON` writes; nil otherwise (the caller
    /// falls back to `init(json:)`). See `AnswerLineDecoder` for the figure that keeps it.
    package init?(exactLayout c: inout JSONByteCursor) {
        guard c.literal(#"{"kind":""#), let kind = c.plainString(validatingUTF8: true), c.literal(",") else { return nil }
        switch kind {
        case "choice", "poll":
            guard c.literal(#""option":"#), let option = c.integer() else { return nil }
            self = kind == "choice" ? .choice(Int(option)) : .poll(Int(option))
        case "multi", "order":
            guard c.literal(kind == "multi" ? #""options":["# : #""order":["#) else { return nil }
            var options: [Int] = []
            if !c.literal("]") {
                repeat {
                    guard let option = c.integer() else { return nil }
                    options.append(Int(option))
                } while c.literal(",")
                guard c.literal("]") else { return nil }
            }
            self = kind == "multi" ? .multi(options) : .order(options)
        case "truefalse":
            guard c.literal(#""value":"#) else { return nil }
            if c.literal("true") { self = .truefalse(true) } else if c.literal("false") { self = .truefalse(false) } else { return nil }
        case "text":
            guard c.literal(#""text":""#), let text = c.plainString(validatingUTF8: true) else { return nil }
            self = .text(text)
        case "number":
            guard c.literal(#""value":"#), let value = c.double(), value.isFinite else { return nil }
            self = .number(value)
        default:
            return nil
        }
        guard c.literal("}") else { return nil }
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
