import BuzzerGame

/// The messages a client sends on `/ws` that are not host commands, defined once: entering a room,
/// a seated player's answer path and a projector's report. Each has its wire name (the raw value),
/// who may send it and its fields with their documented ranges. The host's commands are types
/// (`ClientCommand`, listed in `ClientCommands.all`); `ClientMessage` decodes both, the protocol
/// fuzzer writes both from their definitions, and `ProtocolDocTests` holds docs/protocol.md to both.
/// The answer path stays an enum: it is the hot path, and a closed switch costs it nothing.
package enum ClientMessageType: String, CaseIterable, Sendable {
    // Entering a room.
    case create, host, join, resume, watch, peek
    // A seated player's.
    case answer, wager, leave
    case tiebreakAnswer = "tiebreak_answer"
    // A projector's, after `watch`.
    case sound

    /// Who may send it. The router checks it through `ClientMessage`'s cases, which a test holds to this.
    package var role: ClientRole {
        switch self {
        case .create, .host, .join, .resume, .watch, .peek: .entry
        case .answer, .wager, .leave, .tiebreakAnswer: .player
        case .sound: .display
        }
    }

    /// Its fields besides `type`, with the ranges of docs/protocol-errors.md's "Ranges" (bounds in `InputBounds`).
    /// Built once per type: every message a client sends reads them, and an answer must not allocate them.
    package var fields: [ClientFieldSpec] { Self.fieldTable[self] ?? [] }

    private static let fieldTable = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.definedFields) })

    private var definedFields: [ClientFieldSpec] {
        typealias Bytes = InputBounds.Bytes
        let id = ClientFieldSpec.id
        switch self {
        case .create:
            return [.optional(.pack, .string(maxBytes: Bytes.packName)), .optional(.questions, .pack), .optional(.settings, .object),
                    .optional(.token, .string(maxBytes: Bytes.token)), .optional(.league, .object)]
        case .host, .resume: return [.required(.code, .string(maxBytes: Bytes.code)), .required(.token, .string(maxBytes: Bytes.token))]
        case .join:
            return [.required(.code, .string(maxBytes: Bytes.code)), .required(.nickname, .string(maxBytes: Bytes.name)),
                    .optional(.team, .string(maxBytes: Bytes.name)), .optional(.device, .string(maxBytes: Bytes.device))]
        case .watch, .peek: return [.required(.code, .string(maxBytes: Bytes.code))]
        case .leave: return []
        case .sound: return [.required(.on, .bool)]
        case .answer: return [.required(.question, id), .required(.answer, .answer)]
        case .wager: return [.required(.question, id), .required(.amount, .int(InputBounds.wager))]
        case .tiebreakAnswer: return [.required(.value, .number)]
        }
    }

    /// The messages whose effect the sender's screen does not show by itself get an `ok` once they are done
    /// (docs/protocol-client.md); `CommandDispatcher` sends it.
    package var repliesOK: Bool {
        switch self {
        case .wager, .leave: true
        case .create, .host, .join, .resume, .watch, .peek, .answer, .tiebreakAnswer, .sound: false
        }
    }
}

/// One message a client may send as its definition gives it, a host command's type or a
/// `ClientMessageType`: what the fuzzer writes and the tests hold docs/protocol.md to.
package struct ClientMessageDefinition: Sendable {
    package var name: String
    package var role: ClientRole
    package var fields: [ClientFieldSpec]
    package var repliesOK: Bool

    /// Every message: the host's commands (`ClientCommands.all`), then the others.
    package static let all: [ClientMessageDefinition] =
        ClientCommands.all.map { ClientMessageDefinition(name: $0.wireName, role: $0.role, fields: $0.fields, repliesOK: $0.repliesOK) }
        + ClientMessageType.allCases.map { ClientMessageDefinition(name: $0.rawValue, role: $0.role, fields: $0.fields, repliesOK: $0.repliesOK) }
}
