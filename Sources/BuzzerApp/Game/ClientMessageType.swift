import BuzzerGame

/// Every message a client may send on `/ws`, defined once: its wire name (the raw value), who may
/// send it and the fields it carries with their documented ranges. `ClientMessage.decode` reads the
/// fields through this, the protocol fuzzer writes them from it, and `ProtocolDocTests` holds
/// docs/protocol.md to it. A new host command is a case here (the compiler then asks for its role,
/// fields and reply), its case in `ClientMessage.swift` (decoding, `jsonValue`, `roomCommand`), the
/// room's rule for it (`RoomCommand.swift`, `Room+Commands.swift`) and its rows in docs/protocol.md.
package enum ClientMessageType: String, CaseIterable, Sendable {
    // Entering a room.
    case create, host, join, resume, watch, peek
    // The host's.
    case start, next, close, reveal, leaderboard, end, lock, unlock, kick, rename
    case renameTeam = "rename_team"
    case mergeTeams = "merge_teams"
    case movePlayer = "move_player"
    case adjust, accept, reject, pause, unpause, skip, reopen
    case addTime = "add_time"
    case undoReveal = "undo_reveal"
    case mergeAnswers = "merge_answers"
    case breakAddTime = "break_add_time"
    case breakEndCountdown = "break_end_countdown"
    case tiebreak
    case joinAddress = "join_address"
    case openBuzzers = "open_buzzers"
    case markBuzz = "mark_buzz"
    /// The current question's clip on the projectors (not logged: it does not change the game).
    case clip
    // A seated player's.
    case answer, wager, leave, buzz
    case tiebreakAnswer = "tiebreak_answer"
    // A projector's, after `watch`.
    case sound

    /// Who may send it. The router checks it through `ClientMessage`'s cases, which a test holds to this.
    package var role: ClientRole {
        switch self {
        case .create, .host, .join, .resume, .watch, .peek: .entry
        case .start, .next, .close, .reveal, .leaderboard, .end, .lock, .unlock, .kick, .rename, .renameTeam, .mergeTeams, .movePlayer,
             .adjust, .accept, .reject, .mergeAnswers, .pause, .unpause, .skip, .reopen, .addTime, .undoReveal, .breakAddTime, .breakEndCountdown,
             .tiebreak, .joinAddress, .openBuzzers, .markBuzz, .clip: .host
        case .answer, .wager, .leave, .tiebreakAnswer, .buzz: .player
        case .sound: .display
        }
    }

    /// Its fields besides `type`, with the ranges of docs/protocol-errors.md's "Ranges" (bounds in `InputBounds`).
    /// Built once per type: every message a client sends reads them, and an answer must not allocate them.
    package var fields: [ClientFieldSpec] { Self.fieldTable[self] ?? [] }

    private static let fieldTable = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.definedFields) })

    private var definedFields: [ClientFieldSpec] {
        typealias Bytes = InputBounds.Bytes
        let id = ClientFieldSpec.Shape.int(InputBounds.id)
        switch self {
        case .create:
            return [.optional(.pack, .string(maxBytes: Bytes.packName)), .optional(.questions, .pack), .optional(.settings, .object),
                    .optional(.token, .string(maxBytes: Bytes.token)), .optional(.league, .object)]
        case .host, .resume: return [.required(.code, .string(maxBytes: Bytes.code)), .required(.token, .string(maxBytes: Bytes.token))]
        case .join:
            return [.required(.code, .string(maxBytes: Bytes.code)), .required(.nickname, .string(maxBytes: Bytes.name)),
                    .optional(.team, .string(maxBytes: Bytes.name)), .optional(.device, .string(maxBytes: Bytes.device))]
        case .watch, .peek: return [.required(.code, .string(maxBytes: Bytes.code))]
        case .start, .next, .close, .reveal, .leaderboard, .end, .lock, .unlock, .pause, .unpause, .skip, .undoReveal, .breakEndCountdown,
             .leave, .openBuzzers:
            return []
        case .markBuzz: return [.required(.right, .bool)]
        case .clip: return [.required(.action, .word(ClipControl.Action.allCases.map(\.rawValue))), .optional(.volume, .int(InputBounds.volume))]
        case .sound: return [.required(.on, .bool)]
        case .buzz: return [.required(.question, id)]
        case .kick: return [.required(.player, id), .optional(.ban, .bool), .optional(.reason, .string(maxBytes: Bytes.text))]
        case .rename: return [.required(.player, id), .required(.nickname, .string(maxBytes: Bytes.name))]
        case .renameTeam: return [.required(.team, id), .required(.name, .string(maxBytes: Bytes.name))]
        case .mergeTeams: return [.required(.from, id), .required(.into, id)]
        case .movePlayer: return [.required(.player, id), .optional(.team, id)]
        case .adjust:
            // Exactly one of `player` and `team` (the decoder says so).
            return [.optional(.player, id), .optional(.team, id), .required(.delta, .int(InputBounds.adjustment)),
                    .optional(.reason, .string(maxBytes: Bytes.text))]
        case .accept, .reject: return [.required(.question, id), .required(.text, .string(maxBytes: Bytes.text))]
        case .mergeAnswers:
            return [.required(.question, id), .required(.from, .string(maxBytes: Bytes.text)), .required(.into, .string(maxBytes: Bytes.text))]
        case .addTime: return [.required(.seconds, .int(InputBounds.extraSeconds))]
        case .reopen: return [.optional(.seconds, .int(InputBounds.extraSeconds))]
        case .breakAddTime: return [.required(.seconds, .int(InputBounds.breakSeconds))]
        case .tiebreak:
            return [.required(.text, .string(maxBytes: Bytes.text)), .required(.answer, .number), .optional(.seconds, .int(InputBounds.tiebreakSeconds)),
                    .optional(.players, .ids), .optional(.teams, .ids)]
        case .joinAddress: return [.required(.url, .string(maxBytes: Bytes.url))]
        case .answer: return [.required(.question, id), .required(.answer, .answer)]
        case .wager: return [.required(.question, id), .required(.amount, .int(InputBounds.wager))]
        case .tiebreakAnswer: return [.required(.value, .number)]
        }
    }

    /// The commands whose effect the sender's screen does not show by itself get an `ok` once they are done
    /// (docs/protocol-client.md); `CommandDispatcher` sends it.
    package var repliesOK: Bool {
        switch self {
        case .lock, .unlock, .kick, .rename, .renameTeam, .mergeTeams, .movePlayer, .adjust, .accept, .reject, .mergeAnswers, .joinAddress, .wager, .leave,
             .clip: true
        case .create, .host, .join, .resume, .watch, .peek, .start, .next, .close, .reveal, .leaderboard, .end, .pause, .unpause, .skip,
             .reopen, .addTime, .undoReveal, .breakAddTime, .breakEndCountdown, .tiebreak, .answer, .tiebreakAnswer,
             .openBuzzers, .markBuzz, .buzz, .sound: false
        }
    }
}

/// Who may send a client message: a connection with no role yet, the room's host, a seated player,
/// or a projector that watches the room.
package enum ClientRole: String, Sendable {
    case entry, host, player, display
}

/// The keys of client messages' fields (each name is its own raw value).
package enum ClientField: String, CaseIterable, Sendable {
    case code, token, nickname, team, device, pack, questions, settings, league
    case player, ban, reason, name, from, into, delta, question, text, url, seconds, answer, players, teams, value, amount, right
    case action, volume, on
}

/// One field of a client message: its key, whether it must be there, and what it may hold.
package struct ClientFieldSpec: Sendable, Equatable {
    /// What a field may hold; outside it the message is `bad_message` naming the field and range.
    package enum Shape: Sendable, Equatable {
        /// At most this many bytes of UTF-8.
        case string(maxBytes: Int)
        /// A whole number in the range.
        case int(ClosedRange<Int>)
        /// One of these words, exactly.
        case word([String])
        /// A finite number within `InputBounds.numberMagnitude`.
        case number
        case bool
        /// Ids in `InputBounds.id`, at most `InputBounds.maxListedIDs` of them.
        case ids
        /// An answer object (`AnswerValue`'s JSON).
        case answer
        /// A whole question pack (docs/question-format.md).
        case pack
        /// An object with rules of its own: `create`'s `settings` and `league`.
        case object
    }

    package var field: ClientField
    package var isRequired: Bool
    package var shape: Shape

    static func required(_ field: ClientField, _ shape: Shape) -> ClientFieldSpec { ClientFieldSpec(field: field, isRequired: true, shape: shape) }
    static func optional(_ field: ClientField, _ shape: Shape) -> ClientFieldSpec { ClientFieldSpec(field: field, isRequired: false, shape: shape) }
}
