import BuzzerFormats
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// The definitions (`ClientCommands.all`, `ClientMessageType`) are what the decoder and the router go by:
/// a message written from a definition decodes to a message of that type, in the role it gives.
struct ClientMessageTypeTests {
    /// A value within the field's defined range.
    static func sample(_ shape: ClientFieldSpec.Shape) -> JSONValue? {
        switch shape {
        case .string: .string("x")
        case .word(let words): .string(words[0])
        case .int(let range): .number(Double(range.lowerBound))
        case .number: .number(1)
        case .bool: .bool(true)
        case .ids: .array([.number(1)])
        case .answer: .object([("kind", .string("choice")), ("option", .number(0))])
        // `create` takes a library pack by name here; an inline pack and a league have tests of their own.
        case .pack, .object: nil
        }
    }

    /// The message with its required fields, and its optional ones too when `optionals`. A `create` always
    /// names a library pack and an `adjust` a player: each needs one of two optional fields.
    static func written(_ type: ClientMessageDefinition, optionals: Bool) -> [UInt8] {
        let adjust = type.name == AdjustCommand.wireName
        var members: [(key: String, value: JSONValue)] = [("type", .string(type.name))]
        for spec in type.fields where spec.isRequired || optionals || spec.field == .pack || (adjust && spec.field == .player) {
            if adjust && spec.field == .team { continue }
            if let value = sample(spec.shape) { members.append((spec.field.rawValue, value)) }
        }
        return Array(JSONPrettyPrinter.print(.object(members)).utf8)
    }

    @Test(arguments: ClientMessageDefinition.all.map(\.name))
    func decodesFromItsDefinitionInItsRole(name: String) throws {
        let type = try #require(ClientMessageDefinition.all.first { $0.name == name })
        for optionals in [false, true] {
            let message = try ClientMessage.decode(Self.written(type, optionals: optionals), packLimits: QuestionPackLimits())
            #expect(message.typeName == type.name)
            let role: ClientRole = switch message {
            case .entry: .entry
            case .host: .host
            case .player: .player
            case .display: .display
            }
            #expect(role == type.role, "\(type.name) decodes as a \(role) message")
            // Written back as a client writes it, it reads the same.
            let again = try ClientMessage.decode(Array(JSONPrettyPrinter.print(message.jsonValue).utf8), packLimits: QuestionPackLimits())
            #expect(again == message)
        }
    }

    @Test(arguments: ClientMessageDefinition.all.map(\.name))
    func aMissingRequiredFieldIsABadMessageNamingIt(name: String) throws {
        let type = try #require(ClientMessageDefinition.all.first { $0.name == name })
        for spec in type.fields where spec.isRequired {
            let json = Self.written(type, optionals: false)
            guard case .object(let members)? = try? JSONParser.parse(json) else { Issue.record("unparsable"); return }
            let without = Array(JSONPrettyPrinter.print(.object(members.filter { $0.key != spec.field.rawValue })).utf8)
            #expect(throws: ClientMessageError.self, "\(type.name) without \(spec.field.rawValue)") {
                try ClientMessage.decode(without, packLimits: QuestionPackLimits())
            }
        }
    }

    @Test func everyFieldIsDefinedOncePerMessage() {
        for type in ClientMessageDefinition.all {
            let fields = type.fields.map(\.field)
            #expect(Set(fields).count == fields.count, "\(type.name)")
        }
    }
}
