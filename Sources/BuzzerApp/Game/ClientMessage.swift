import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Everything a client may send on `/ws` (subprotocol `buzzer.v1`), one JSON object per text
/// message with a `type`. Documented with examples in docs/protocol.md.
///
/// Who may send a message is part of its type: an entry request comes before a connection has a
/// role, a `HostCommand` only from the room's host, a `PlayerCommand` only from a seated player.
/// A display sends nothing after `watch`. The router switches over these without a `default:`, so a
/// new command cannot compile without saying whose it is.
package enum ClientMessage: Sendable, Equatable {
    case entry(EntryRequest)
    case host(HostCommand)
    case player(PlayerCommand)

    /// Its `type`, for errors that name the request (`type.rawValue`).
    package var type: ClientMessageType {
        switch self {
        case .entry(let request): request.type
        case .host(let command): command.type
        case .player(let command): command.type
        }
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

/// What only the room's host may send.
package enum HostCommand: Sendable, Equatable {
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
    case reopen(seconds: Int)
    /// During a break: more minutes on its countdown, or the countdown to zero now.
    case breakAddTime(seconds: Int)
    case breakEndCountdown
    case tiebreak(text: String, answer: Double, seconds: Int, players: [Int], teams: [Int])
    /// Another of the join addresses the room offers (`joinAddresses`), for the projector and QR code.
    case joinAddress(url: String)

    package var type: ClientMessageType {
        switch self {
        case .start: .start
        case .next: .next
        case .close: .close
        case .reveal: .reveal
        case .leaderboard: .leaderboard
        case .end: .end
        case .lock: .lock
        case .unlock: .unlock
        case .kick: .kick
        case .rename: .rename
        case .renameTeam: .renameTeam
        case .mergeTeams: .mergeTeams
        case .movePlayer: .movePlayer
        case .adjust: .adjust
        case .accept: .accept
        case .pause: .pause
        case .unpause: .unpause
        case .addTime: .addTime
        case .skip: .skip
        case .reopen: .reopen
        case .undoReveal: .undoReveal
        case .breakAddTime: .breakAddTime
        case .breakEndCountdown: .breakEndCountdown
        case .tiebreak: .tiebreak
        case .joinAddress: .joinAddress
        }
    }
}

/// What only a seated player may send.
package enum PlayerCommand: Sendable, Equatable {
    case answer(question: Int, answer: AnswerValue)
    case wager(question: Int, amount: Int)
    case tiebreakAnswer(value: Double)
    case leave

    package var type: ClientMessageType {
        switch self {
        case .answer: .answer
        case .wager: .wager
        case .tiebreakAnswer: .tiebreakAnswer
        case .leave: .leave
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
    /// The library's edit token: hosting a library pack shows its answers, so it needs the token
    /// (`token_required` without it). An inline pack is the host's own and needs none.
    package var token: String? = nil
    /// The league the game counts for (docs/league.md); nil for a one-off.
    package var league: LeagueChoice? = nil
}

/// `create`'s `league`: an existing league by `id`, or a new one with its `name` (and `scoring`).
package struct LeagueChoice: Sendable, Equatable {
    package var id: String
    /// Required for a league the server does not know yet; ignored for one it knows.
    package var name: String?
    /// `points` (the default) or `places`, for a new league.
    package var scoring: String?
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
            // Unknown types too: a client matches the error to what it sent (docs/protocol.md).
            throw ClientMessageError(reason: error.reason, request: shown(type))
        }
    }

    /// A client's `type` as errors repeat it: cut short, since an unknown one can be any length.
    package static func shown(_ type: String) -> String { String(type.prefix(40)) }

    private static func decode(
        type name: String, object: [String: JSONValue], fields: JSONFields, packLimits: QuestionPackLimits
    ) throws(JSONFieldError) -> ClientMessage {
        guard let type = ClientMessageType(rawValue: name) else { throw JSONFieldError("unknown message type \"\(shown(name))\"") }
        let read = ClientFieldReader(type: type, object: object, fields: fields)
        switch type {
        case .create: return .entry(.create(try createRequest(read, packLimits: packLimits)))
        case .host: return .entry(.host(code: try read.string(.code), token: try read.string(.token)))
        case .join:
            return .entry(.join(code: try read.string(.code), nickname: try read.string(.nickname),
                                team: try read.optionalString(.team), device: try read.optionalString(.device)))
        case .resume: return .entry(.resume(code: try read.string(.code), token: try read.string(.token)))
        case .watch: return .entry(.watch(code: try read.string(.code)))
        case .peek: return .entry(.peek(code: try read.string(.code)))
        case .start: return .host(.start)
        case .next: return .host(.next)
        case .close: return .host(.close)
        case .reveal: return .host(.reveal)
        case .leaderboard: return .host(.leaderboard)
        case .end: return .host(.end)
        case .lock: return .host(.lock)
        case .unlock: return .host(.unlock)
        case .kick:
            return .host(.kick(player: try read.int(.player), ban: try read.optionalBool(.ban) ?? false, reason: try read.optionalString(.reason)))
        case .rename: return .host(.rename(player: try read.int(.player), nickname: try read.string(.nickname)))
        case .renameTeam: return .host(.renameTeam(team: try read.int(.team), name: try read.string(.name)))
        case .mergeTeams: return .host(.mergeTeams(from: try read.int(.from), into: try read.int(.into)))
        case .movePlayer: return .host(.movePlayer(player: try read.int(.player), team: try read.optionalInt(.team)))
        case .adjust:
            let player = try read.optionalInt(.player), team = try read.optionalInt(.team)
            guard (player == nil) != (team == nil) else { throw JSONFieldError("adjust needs exactly one of \"player\" or \"team\"") }
            return .host(.adjust(player: player, team: team, delta: try read.int(.delta), reason: try read.optionalString(.reason) ?? ""))
        case .accept: return .host(.accept(question: try read.int(.question), text: try read.string(.text)))
        case .joinAddress: return .host(.joinAddress(url: try read.string(.url)))
        case .pause: return .host(.pause)
        case .unpause: return .host(.unpause)
        case .addTime: return .host(.addTime(seconds: try read.int(.seconds)))
        case .skip: return .host(.skip)
        case .reopen: return .host(.reopen(seconds: try read.optionalInt(.seconds) ?? 10))
        case .undoReveal: return .host(.undoReveal)
        case .breakAddTime: return .host(.breakAddTime(seconds: try read.int(.seconds)))
        case .breakEndCountdown: return .host(.breakEndCountdown)
        case .tiebreak:
            return .host(.tiebreak(
                text: try read.string(.text), answer: try read.number(.answer), seconds: try read.optionalInt(.seconds) ?? 30,
                players: try read.ids(.players), teams: try read.ids(.teams)))
        case .tiebreakAnswer: return .player(.tiebreakAnswer(value: try read.number(.value)))
        case .answer:
            guard let raw = read.raw(.answer) else { throw JSONFieldError("answer needs an \"answer\" object") }
            return .player(.answer(question: try read.int(.question), answer: try AnswerValue(json: raw)))
        case .wager: return .player(.wager(question: try read.int(.question), amount: try read.int(.amount)))
        case .leave: return .player(.leave)
        }
    }

    private static func createRequest(_ read: ClientFieldReader, packLimits: QuestionPackLimits) throws(JSONFieldError) -> CreateRequest {
        var cleaned: JSONValue?
        switch read.raw(.settings) {
        case nil, .null?: cleaned = nil
        case .object(let settings)?: cleaned = .object(settings)
        default: throw JSONFieldError("\"settings\" must be an object")
        }
        let name = try read.optionalString(.pack)
        let token = try read.optionalString(.token)
        let inline = read.raw(.questions).flatMap { $0 == .null ? nil : $0 }
        let league = try leagueChoice(read.raw(.league))
        // Either one would be a guess at what the host meant.
        if name != nil && inline != nil {
            throw JSONFieldError(#"create takes either "pack" (a library pack name) or "questions" (a whole pack), not both"#)
        }
        if let name {
            return CreateRequest(source: .library(name), settings: cleaned, token: token, league: league)
        }
        guard let questions = inline else {
            throw JSONFieldError("create needs \"pack\" (a library pack name) or \"questions\" (a whole pack)")
        }
        do {
            let pack = try QuestionPack.decode(questions, limits: packLimits)
            return CreateRequest(source: .inline(pack), settings: cleaned, token: token, league: league)
        } catch {
            throw JSONFieldError("the question pack has problems:\n\(error)")
        }
    }

    /// `create`'s `league` object, each field checked where it enters (docs/league.md, "Ranges").
    private static func leagueChoice(_ value: JSONValue?) throws(JSONFieldError) -> LeagueChoice? {
        switch value {
        case nil, .null?: return nil
        case .object(let members)?:
            let fields = JSONFields(object: Dictionary(members, uniquingKeysWith: { first, _ in first }))
            let name = try fields.optionalString("name", max: InputBounds.Bytes.name)?.trimmingCharacters(in: .whitespaces)
            let scoring = try fields.optionalString("scoring", max: 16)
            if let scoring, scoring != "points" && scoring != "places" { throw JSONFieldError(#""league.scoring" must be "points" or "places""#) }
            guard let id = try fields.optionalString("id", max: InputBounds.Bytes.leagueID) ?? name.flatMap(RoomLeague.suggestedID(for:)) else {
                throw JSONFieldError(#""league" needs an "id" (1 to 40 of a-z, 0-9 and -) or a "name" to make one from"#)
            }
            if let problem = RoomLeague.idProblem(id) { throw JSONFieldError("\"league.id\": \(problem)") }
            if let name, let problem = RoomLeague.nameProblem(name) { throw JSONFieldError("\"league.name\": \(problem)") }
            return LeagueChoice(id: id, name: name, scoring: scoring)
        default:
            throw JSONFieldError(#""league" must be an object such as {"id":"crown-tuesdays","name":"Tuesdays at The Crown"}"#)
        }
    }
}
