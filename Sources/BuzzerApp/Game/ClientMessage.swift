import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Everything a client may send on `/ws` (subprotocol `buzzer.v1`), one JSON object per text
/// message with a `type`, as decoded values. A host command's name, role and fields are defined
/// once in its `ClientCommand` type (`ClientCommands.all`), the other messages' in
/// `ClientMessageType`; this file decodes them and writes them back (`jsonValue`). Documented with
/// examples in docs/protocol-client.md.
///
/// Who may send a message is part of its type: an entry request comes before a connection has a
/// role, a host command only from the room's host, a `PlayerCommand` only from a seated player.
/// A `DisplayReport` only from a projector after `watch`. The router switches over these without a `default:`, so a
/// new command cannot compile without saying whose it is.
package enum ClientMessage: Sendable, Equatable {
    case entry(EntryRequest)
    case host(AnyClientCommand)
    case player(PlayerCommand)
    case display(DisplayReport)

    /// Its `type` as written, for errors that name the request.
    package var typeName: String {
        switch self {
        case .entry(let request): request.type.rawValue
        case .host(let command): command.type.wireName
        case .player(let command): command.name
        case .display(let report): report.type.rawValue
        }
    }

    /// A host command as a message.
    package static func host(_ command: some ClientCommand) -> ClientMessage { .host(AnyClientCommand(command)) }

    /// A command of `ClientCommands.all` as the message its role makes it: a kind's player command
    /// (buzz's press) is a seated player's, like the answer path's; every other is the host's.
    package static func command(_ command: AnyClientCommand) -> ClientMessage {
        command.type.role == .player ? .player(.command(command)) : .host(command)
    }
}

/// What a connection without a role may ask: to open a room, or to enter one in a role.
package enum EntryRequest: Sendable, Equatable {
    case create(CreateRequest)
    case host(code: String, token: String)
    case join(code: String, nickname: String, team: String?, device: String?)
    case resume(code: String, token: String)
    case watch(code: String)
    /// What a phone needs before joining (the host's team list), without entering the room.
    case peek(code: String)

    package var type: ClientMessageType {
        switch self {
        case .create: .create
        case .host: .host
        case .join: .join
        case .resume: .resume
        case .watch: .watch
        case .peek: .peek
        }
    }
}

/// What only a seated player may send.
package enum PlayerCommand: Sendable, Equatable {
    case answer(question: Int, answer: AnswerValue)
    case wager(question: Int, amount: Int)
    case tiebreakAnswer(value: Double)
    case leave
    /// A player's command of its own type (`PlayerClientCommand`, a question kind's), from `ClientCommands.all`.
    case command(AnyClientCommand)

    /// Its `type` as written.
    package var name: String {
        switch self {
        case .command(let command): command.type.wireName
        case .answer: ClientMessageType.answer.rawValue
        case .wager: ClientMessageType.wager.rawValue
        case .tiebreakAnswer: ClientMessageType.tiebreakAnswer.rawValue
        case .leave: ClientMessageType.leave.rawValue
        }
    }

    /// Whether the sender gets an `ok` once it is done (`ClientMessageType.repliesOK`, `ClientCommand.repliesOK`).
    package var repliesOK: Bool {
        switch self {
        case .command(let command): command.type.repliesOK
        case .answer: ClientMessageType.answer.repliesOK
        case .wager: ClientMessageType.wager.repliesOK
        case .tiebreakAnswer: ClientMessageType.tiebreakAnswer.repliesOK
        case .leave: ClientMessageType.leave.repliesOK
        }
    }
}

/// Why a client message was refused before reaching a room: always `bad_message`.
package struct ClientMessageError: Error, Equatable, CustomStringConvertible {
    package var reason: String
    /// The message's `type`, when it could be read: clients match the error to their request.
    package var request: String?
    package var description: String { reason }

    package init(reason: String, request: String? = nil) {
        self.reason = reason
        self.request = request
    }
}

extension ClientMessage {
    /// Parses one text message. Unknown types, missing or mistyped fields and invalid packs are
    /// errors whose reason a person can act on.
    package static func decode(_ bytes: [UInt8], packLimits: QuestionPackLimits) throws(ClientMessageError) -> ClientMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ClientMessageError(reason: "the message is not valid JSON (\(error))")
        }
        guard case .object(let members) = value else { throw ClientMessageError(reason: "the message must be a JSON object") }
        let object = Dictionary(members, uniquingKeysWith: { first, _ in first })
        let fields = JSONFields(object: object)
        let found: String?
        do {
            found = try fields.optionalString("type", max: .max)
        } catch {
            throw ClientMessageError(reason: error.reason)
        }
        guard let type = found else { throw ClientMessageError(reason: "the message has no \"type\" field") }
        do {
            return try decode(type: type, object: object, fields: fields, packLimits: packLimits)
        } catch {
            // Unknown types too: a client matches the error to what it sent (docs/protocol-errors.md).
            throw ClientMessageError(reason: error.reason, request: shown(type))
        }
    }

    /// A client's `type` as errors repeat it: cut short, since an unknown one can be any length.
    package static func shown(_ type: String) -> String { String(type.prefix(40)) }

    private static func decode(
        type name: String, object: [String: JSONValue], fields: JSONFields, packLimits: QuestionPackLimits
    ) throws(JSONFieldError) -> ClientMessage {
        // The answer path first: its few types before the host's commands' table.
        guard let type = ClientMessageType(rawValue: name) else {
            guard let command = ClientCommands.byName[name] else { throw JSONFieldError("unknown message type \"\(shown(name))\"") }
            let read = ClientFieldReader(type: name, specs: command.fields, object: object, fields: fields)
            do {
                return .command(AnyClientCommand(try command.init(reading: CommandFieldReader(reader: read))))
            } catch {
                throw JSONFieldError(error.reason)
            }
        }
        let read = ClientFieldReader(type: type.rawValue, specs: type.fields, object: object, fields: fields)
        switch type {
        case .create: return .entry(.create(try createRequest(read, packLimits: packLimits)))
        case .host: return .entry(.host(code: try read.string(.code), token: try read.string(.token)))
        case .join:
            return .entry(.join(code: try read.string(.code), nickname: try read.string(.nickname),
                                team: try read.optionalString(.team), device: try read.optionalString(.device)))
        case .resume: return .entry(.resume(code: try read.string(.code), token: try read.string(.token)))
        case .watch: return .entry(.watch(code: try read.string(.code)))
        case .peek: return .entry(.peek(code: try read.string(.code)))
        case .sound:
            guard let on = try read.optionalBool(.on) else { throw JSONFieldError("sound needs \"on\": true or false") }
            return .display(.sound(on: on))
        case .tiebreakAnswer: return .player(.tiebreakAnswer(value: try read.number(.value)))
        case .answer:
            guard let raw = read.raw(.answer) else { throw JSONFieldError("answer needs an \"answer\" object") }
            return .player(.answer(question: try read.int(.question), answer: try AnswerValue(json: raw)))
        case .wager: return .player(.wager(question: try read.int(.question), amount: try read.int(.amount)))
        case .leave: return .player(.leave)
        }
    }
}

extension ClientMessage {
    /// The message as a client writes it (docs/protocol-client.md): the inverse of `decode`, which the libFuzzer
    /// target and the tests check by reading it back.
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(typeName))]
        func add(_ field: ClientField, _ value: JSONValue?) { if let value { members.append((field.rawValue, value)) } }
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        switch self {
        case .entry(.create(let request)):
            switch request.source {
            case .library(let name): add(.pack, .string(name))
            case .inline(let pack): add(.questions, pack.jsonValue)
            }
            add(.settings, request.settings)
            add(.token, request.token.map(JSONValue.string))
            add(.league, request.league.map { league in
                .object([("id", .string(league.id))] + [league.name.map { ("name", JSONValue.string($0)) }, league.scoring.map { ("scoring", .string($0)) }]
                    .compactMap { $0 })
            })
        case let .entry(.host(code, token)), let .entry(.resume(code, token)):
            add(.code, .string(code))
            add(.token, .string(token))
        case let .entry(.join(code, nickname, team, device)):
            add(.code, .string(code))
            add(.nickname, .string(nickname))
            add(.team, team.map(JSONValue.string))
            add(.device, device.map(JSONValue.string))
        case .entry(.watch(let code)), .entry(.peek(let code)):
            add(.code, .string(code))
        case .host(let command), .player(.command(let command)):
            for (field, value) in command.base.fieldValues {
                switch value {
                case .string(let text): add(field, .string(text))
                case .int(let value): add(field, number(value))
                case .number(let value): add(field, .number(value))
                case .bool(let flag): add(field, .bool(flag))
                case .ids(let ids): add(field, .array(ids.map(number)))
                }
            }
        case .player(let command):
            switch command {
            case .leave:
                break
            case let .answer(question, answer):
                add(.question, number(question))
                add(.answer, answer.jsonValue)
            case let .wager(question, amount):
                add(.question, number(question))
                add(.amount, number(amount))
            case .tiebreakAnswer(let value):
                add(.value, .number(value))
            case .command:
                break  // written with the host's commands above
            }
        case .display(.sound(let on)):
            add(.on, .bool(on))
        }
        return .object(members)
    }
}
