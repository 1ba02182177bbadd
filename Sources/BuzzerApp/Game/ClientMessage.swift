import BuzzerFormats
import BuzzerGame
import Foundation

/// Everything a client may send on `/ws` (subprotocol `buzzer.v1`), one JSON object per text
/// message with a `type`. Documented with examples in docs/protocol.md.
package enum ClientMessage: Sendable, Equatable {
    // Before a role is chosen.
    case create(CreateRequest)
    case host(code: String, token: String)
    case join(code: String, nickname: String, team: String?, device: String?)
    case resume(code: String, token: String)
    case watch(code: String)
    /// What a phone needs before joining (the host's team list), without entering the room.
    case peek(code: String)
    // Host commands.
    case start, next, close, reveal, leaderboard, end, lock, unlock
    case kick(player: Int, ban: Bool, reason: String? = nil)
    case rename(player: Int, nickname: String)
    case renameTeam(team: Int, name: String)
    case mergeTeams(from: Int, into: Int)
    case movePlayer(player: Int, team: Int?)
    case adjust(player: Int?, team: Int?, delta: Int, reason: String)
    case accept(question: Int, text: String)
    /// The run of show: stop and start the clock, add seconds, skip, re-open, take a reveal back.
    case pause, unpause, skip, undoReveal
    case addTime(seconds: Int)
    case tiebreak(text: String, answer: Double, seconds: Int, players: [Int], teams: [Int])
    case tiebreakAnswer(value: Double)
    case reopen(seconds: Int)
    /// Another of the join addresses the room offers (`joinAddresses`), for the projector and QR code.
    case joinAddress(url: String)
    // Players.
    case answer(question: Int, answer: AnswerValue)
    case wager(question: Int, amount: Int)
    case leave

    /// The `type` string, for errors that name the request.
    package var type: String {
        switch self {
        case .create: "create"
        case .host: "host"
        case .join: "join"
        case .resume: "resume"
        case .watch: "watch"
        case .peek: "peek"
        case .start: "start"
        case .next: "next"
        case .close: "close"
        case .reveal: "reveal"
        case .leaderboard: "leaderboard"
        case .end: "end"
        case .lock: "lock"
        case .unlock: "unlock"
        case .kick: "kick"
        case .rename: "rename"
        case .renameTeam: "rename_team"
        case .mergeTeams: "merge_teams"
        case .movePlayer: "move_player"
        case .adjust: "adjust"
        case .accept: "accept"
        case .pause: "pause"
        case .unpause: "unpause"
        case .addTime: "add_time"
        case .skip: "skip"
        case .reopen: "reopen"
        case .undoReveal: "undo_reveal"
        case .tiebreak: "tiebreak"
        case .tiebreakAnswer: "tiebreak_answer"
        case .joinAddress: "join_address"
        case .answer: "answer"
        case .wager: "wager"
        case .leave: "leave"
        }
    }

    /// True for the commands only the room's host may send.
    package var isHostCommand: Bool {
        switch self {
        case .start, .next, .close, .reveal, .leaderboard, .end, .lock, .unlock, .kick, .rename, .adjust, .accept, .joinAddress,
             .renameTeam, .mergeTeams, .movePlayer, .tiebreak, .pause, .unpause, .addTime, .skip, .reopen, .undoReveal: true
        default: false
        }
    }
}

/// `create`: a pack from the library by name, or a whole pack inline, plus setting overrides.
package struct CreateRequest: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        case library(String)
        case inline(QuestionPack)
    }
    package var source: Source
    /// Settings the host chose; fields left out keep the server's `game.roomDefaults`.
    package var settings: JSONValue?
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
        let fields = Fields(object: object)
        guard let type = try fields.optionalString("type") else {
            throw ClientMessageError(reason: "the message has no \"type\" field")
        }
        do {
            return try decode(type: type, object: object, fields: fields, packLimits: packLimits)
        } catch {
            // Unknown types too: a client matches the error to what it sent (docs/protocol.md).
            throw ClientMessageError(reason: error.reason, request: shown(type))
        }
    }

    /// A client's `type` as errors repeat it: cut short, since an unknown one can be any length.
    static func shown(_ type: String) -> String { String(type.prefix(40)) }

    private static func decode(
        type: String, object: [String: JSONValue], fields: Fields, packLimits: QuestionPackLimits
    ) throws(ClientMessageError) -> ClientMessage {
        switch type {
        case "create":
            var cleaned: JSONValue?
            switch object["settings"] {
            case nil, .null?: cleaned = nil
            case .object(let settings)?: cleaned = .object(settings)
            default: throw ClientMessageError(reason: "\"settings\" must be an object")
            }
            let name = try fields.optionalString("pack")
            let inline = object["questions"].flatMap { $0 == .null ? nil : $0 }
            // Either one would be a guess at what the host meant.
            if name != nil && inline != nil {
                throw ClientMessageError(reason: #"create takes either "pack" (a library pack name) or "questions" (a whole pack), not both"#)
            }
            if let name {
                return .create(CreateRequest(source: .library(name), settings: cleaned))
            }
            guard let questions = inline else {
                throw ClientMessageError(reason: "create needs \"pack\" (a library pack name) or \"questions\" (a whole pack)")
            }
            do {
                let pack = try QuestionPack.decode(questions, limits: packLimits)
                return .create(CreateRequest(source: .inline(pack), settings: cleaned))
            } catch {
                throw ClientMessageError(reason: "the question pack has problems:\n\(error)")
            }
        case "host": return .host(code: try fields.string("code"), token: try fields.string("token"))
        case "join":
            return .join(code: try fields.string("code"), nickname: try fields.string("nickname"),
                         team: try fields.optionalString("team"), device: try fields.optionalString("device"))
        case "resume": return .resume(code: try fields.string("code"), token: try fields.string("token"))
        case "watch": return .watch(code: try fields.string("code"))
        case "peek": return .peek(code: try fields.string("code"))
        case "start": return .start
        case "next": return .next
        case "close": return .close
        case "reveal": return .reveal
        case "leaderboard": return .leaderboard
        case "end": return .end
        case "lock": return .lock
        case "unlock": return .unlock
        case "leave": return .leave
        case "kick":
            return .kick(player: try fields.int("player"), ban: try fields.optionalBool("ban") ?? false, reason: try fields.optionalString("reason"))
        case "rename": return .rename(player: try fields.int("player"), nickname: try fields.string("nickname"))
        case "rename_team": return .renameTeam(team: try fields.int("team"), name: try fields.string("name"))
        case "merge_teams": return .mergeTeams(from: try fields.int("from"), into: try fields.int("into"))
        case "move_player": return .movePlayer(player: try fields.int("player"), team: try fields.optionalInt("team"))
        case "adjust":
            let player = try fields.optionalInt("player"), team = try fields.optionalInt("team")
            guard (player == nil) != (team == nil) else { throw ClientMessageError(reason: "adjust needs exactly one of \"player\" or \"team\"") }
            return .adjust(player: player, team: team, delta: try fields.int("delta"), reason: try fields.optionalString("reason") ?? "")
        case "accept": return .accept(question: try fields.int("question"), text: try fields.string("text"))
        case "join_address": return .joinAddress(url: try fields.string("url"))
        case "pause": return .pause
        case "unpause": return .unpause
        case "add_time": return .addTime(seconds: try fields.int("seconds"))
        case "skip": return .skip
        case "reopen": return .reopen(seconds: try fields.optionalInt("seconds") ?? 10)
        case "undo_reveal": return .undoReveal
        case "tiebreak":
            return .tiebreak(text: try fields.string("text"), answer: try fields.double("answer"), seconds: try fields.optionalInt("seconds") ?? 30,
                             players: try fields.intArray("players"), teams: try fields.intArray("teams"))
        case "tiebreak_answer": return .tiebreakAnswer(value: try fields.double("value"))
        case "answer":
            guard let raw = object["answer"] else { throw ClientMessageError(reason: "answer needs an \"answer\" object") }
            return .answer(question: try fields.int("question"), answer: try Self.answerValue(raw))
        case "wager": return .wager(question: try fields.int("question"), amount: try fields.int("amount"))
        default:
            throw ClientMessageError(reason: "unknown message type \"\(shown(type))\"")
        }
    }

    /// `{"kind":"choice","option":1}` and friends (see `AnswerValue`).
    static func answerValue(_ value: JSONValue) throws(ClientMessageError) -> AnswerValue {
        guard case .object(let members) = value else { throw ClientMessageError(reason: "\"answer\" must be an object") }
        let object = Dictionary(members, uniquingKeysWith: { first, _ in first })
        let fields = Fields(object: object, prefix: "answer.")
        switch try fields.string("kind") {
        case "choice": return .choice(try fields.int("option"))
        case "poll": return .poll(try fields.int("option"))
        case "multi":
            guard case .array(let items)? = object["options"] else { throw ClientMessageError(reason: "answer.options must be an array of option numbers") }
            var options: [Int] = []
            for item in items {
                guard case .number(let number) = item, let option = Int(exactly: number) else {
                    throw ClientMessageError(reason: "answer.options must be an array of option numbers")
                }
                options.append(option)
            }
            return .multi(options)
        case "truefalse": return .truefalse(try fields.bool("value"))
        case "text": return .text(try fields.string("text"))
        case "number":
            guard case .number(let number)? = object["value"], number.isFinite else { throw ClientMessageError(reason: "answer.value must be a number") }
            return .number(number)
        case let other: throw ClientMessageError(reason: "answer.kind \"\(other.prefix(20))\" is not one of choice, multi, truefalse, text, number, poll")
        }
    }

    /// Typed access to a message's fields with errors that name the field.
    struct Fields {
        var object: [String: JSONValue]
        var prefix = ""

        func string(_ key: String) throws(ClientMessageError) -> String {
            guard let value = try optionalString(key) else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" is missing") }
            return value
        }
        func optionalString(_ key: String) throws(ClientMessageError) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be a string")
            }
        }
        func int(_ key: String) throws(ClientMessageError) -> Int {
            guard let value = try optionalInt(key) else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" is missing") }
            return value
        }
        func optionalInt(_ key: String) throws(ClientMessageError) -> Int? {
            switch object[key] {
            case nil, .null?: return nil
            case .number(let value)?:
                guard let int = Int(exactly: value), abs(int) <= 1_000_000_000 else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be a whole number") }
                return int
            default: throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be a number")
            }
        }
        func double(_ key: String) throws(ClientMessageError) -> Double {
            guard case .number(let value)? = object[key], value.isFinite else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be a number") }
            return value
        }
        /// A list of whole numbers (ids); missing means empty.
        func intArray(_ key: String) throws(ClientMessageError) -> [Int] {
            switch object[key] {
            case nil, .null?: return []
            case .array(let items)?:
                guard items.count <= 1000 else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" is too long") }
                var ints: [Int] = []
                for item in items {
                    guard case .number(let number) = item, let int = Int(exactly: number), abs(int) <= 1_000_000_000 else {
                        throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be an array of whole numbers")
                    }
                    ints.append(int)
                }
                return ints
            default: throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be an array of whole numbers")
            }
        }
        func bool(_ key: String) throws(ClientMessageError) -> Bool {
            guard let value = try optionalBool(key) else { throw ClientMessageError(reason: "\"\(prefix)\(key)\" is missing") }
            return value
        }
        func optionalBool(_ key: String) throws(ClientMessageError) -> Bool? {
            switch object[key] {
            case nil, .null?: return nil
            case .bool(let value)?: return value
            default: throw ClientMessageError(reason: "\"\(prefix)\(key)\" must be true or false")
            }
        }
    }
}
