import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Everything a client may send on `/ws` (subprotocol `buzzer.v1`), one JSON object per text
/// message with a `type`, as decoded values. Each type's name, role and fields are defined once in
/// `ClientMessageType`; this file decodes them, writes them back (`jsonValue`) and maps a host
/// command to the room's (`roomCommand`). Documented with examples in docs/protocol-client.md.
///
/// Who may send a message is part of its type: an entry request comes before a connection has a
/// role, a `HostCommand` only from the room's host, a `PlayerCommand` only from a seated player.
/// A `DisplayReport` only from a projector after `watch`. The router switches over these without a `default:`, so a
/// new command cannot compile without saying whose it is.
package enum ClientMessage: Sendable, Equatable {
    case entry(EntryRequest)
    case host(HostCommand)
    case player(PlayerCommand)
    case display(DisplayReport)

    /// Its `type`, for errors that name the request (`type.rawValue`).
    package var type: ClientMessageType {
        switch self {
        case .entry(let request): request.type
        case .host(let command): command.type
        case .player(let command): command.type
        case .display(let report): report.type
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
    case reject(question: Int, text: String)
    /// A survey's answer group `from` merged into `into` (keys, or answers that fold to them).
    case mergeAnswers(question: Int, from: String, into: String)
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
    /// A buzz question: open the buzzers now; mark the floor holder's answer.
    case openBuzzers
    case markBuzz(right: Bool)
    /// The current question's clip on every projector: not a room command, and not logged.
    case clip(ClipControl)

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
        case .reject: .reject
        case .mergeAnswers: .mergeAnswers
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
        case .openBuzzers: .openBuzzers
        case .markBuzz: .markBuzz
        case .clip: .clip
        }
    }
}

extension HostCommand {
    /// The room command a host command runs (`CommandDispatcher` runs it on the room's loop); nil for
    /// `join_address`, which changes the app's choice of address, not the game, and for `clip`, which
    /// only reaches the projectors. The one mapping: the
    /// protocol fuzzer runs the same.
    package var roomCommand: RoomCommand? {
        switch self {
        case .start: .start
        case .next: .next
        case .close: .close
        case .reveal: .reveal
        case .leaderboard: .showLeaderboard
        case .end: .end
        case .lock: .setLocked(true)
        case .unlock: .setLocked(false)
        case let .kick(id, ban, reason): .kick(PlayerID(id), ban: ban, reason: reason)
        case let .rename(id, nickname): .rename(PlayerID(id), nickname: nickname)
        case let .renameTeam(team, name): .renameTeam(TeamID(team), name: name)
        case let .mergeTeams(from, into): .mergeTeams(from: TeamID(from), into: TeamID(into))
        case let .movePlayer(id, team): .movePlayer(PlayerID(id), team: team.map(TeamID.init))
        case let .adjust(player, team, delta, reason):
            .adjustScore(player.map { .player(PlayerID($0)) } ?? .team(TeamID(team ?? 0)), delta: delta, reason: reason)
        case let .accept(question, text): .accept(question: question, text: text)
        case let .reject(question, text): .reject(question: question, text: text)
        case let .mergeAnswers(question, from, into): .mergeAnswers(question: question, from: from, into: into)
        case .pause: .pauseClock
        case .unpause: .resumeClock
        case .addTime(let seconds): .addTime(ms: GameDuration(seconds) * 1000)
        case .skip: .skip
        case .reopen(let seconds): .reopen(ms: GameDuration(seconds) * 1000)
        case .undoReveal: .undoReveal
        case .breakAddTime(let seconds): .breakCountdown(.add(ms: GameDuration(seconds).times(1000)))
        case .breakEndCountdown: .breakCountdown(.endNow)
        case let .tiebreak(text, answer, seconds, players, teams):
            .startTiebreak(TiebreakRequest(
                text: text, answer: answer, seconds: seconds, players: players.map(PlayerID.init), teams: teams.map(TeamID.init)))
        case .joinAddress, .clip: nil
        case .openBuzzers: .openBuzzers
        case .markBuzz(let right): .markBuzz(right: right)
        }
    }
}

/// What only a seated player may send.
package enum PlayerCommand: Sendable, Equatable {
    case answer(question: Int, answer: AnswerValue)
    case wager(question: Int, amount: Int)
    case tiebreakAnswer(value: Double)
    case leave
    /// A press of the buzzer on a buzz question.
    case buzz(question: Int)

    package var type: ClientMessageType {
        switch self {
        case .buzz: .buzz
        case .answer: .answer
        case .wager: .wager
        case .tiebreakAnswer: .tiebreakAnswer
        case .leave: .leave
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
        case .reject: return .host(.reject(question: try read.int(.question), text: try read.string(.text)))
        case .mergeAnswers:
            return .host(.mergeAnswers(question: try read.int(.question), from: try read.string(.from), into: try read.string(.into)))
        case .joinAddress: return .host(.joinAddress(url: try read.string(.url)))
        case .pause: return .host(.pause)
        case .unpause: return .host(.unpause)
        case .addTime: return .host(.addTime(seconds: try read.int(.seconds)))
        case .skip: return .host(.skip)
        case .reopen: return .host(.reopen(seconds: try read.optionalInt(.seconds) ?? 10))
        case .undoReveal: return .host(.undoReveal)
        case .breakAddTime: return .host(.breakAddTime(seconds: try read.int(.seconds)))
        case .breakEndCountdown: return .host(.breakEndCountdown)
        case .openBuzzers: return .host(.openBuzzers)
        case .markBuzz:
            guard let right = try read.optionalBool(.right) else { throw JSONFieldError("mark_buzz needs \"right\": true or false") }
            return .host(.markBuzz(right: right))
        case .buzz: return .player(.buzz(question: try read.int(.question)))
        case .clip:
            let action = ClipControl.Action(rawValue: try read.word(.action)) ?? .play, volume = try read.optionalInt(.volume)
            if action == .volume, volume == nil { throw JSONFieldError("clip's \"volume\" action needs \"volume\": 0 to 100") }
            return .host(.clip(ClipControl(action: action, volume: volume)))
        case .sound:
            guard let on = try read.optionalBool(.on) else { throw JSONFieldError("sound needs \"on\": true or false") }
            return .display(.sound(on: on))
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
}

extension ClientMessage {
    /// The message as a client writes it (docs/protocol-client.md): the inverse of `decode`, which the libFuzzer
    /// target and the tests check by reading it back.
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(type.rawValue))]
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
        case .host(let command):
            switch command {
            case .start, .next, .close, .reveal, .leaderboard, .end, .lock, .unlock, .pause, .unpause, .skip, .undoReveal, .breakEndCountdown,
                 .openBuzzers:
                break
            case .markBuzz(let right):
                add(.right, .bool(right))
            case let .kick(player, ban, reason):
                add(.player, number(player))
                add(.ban, .bool(ban))
                add(.reason, reason.map(JSONValue.string))
            case let .rename(player, nickname):
                add(.player, number(player))
                add(.nickname, .string(nickname))
            case let .renameTeam(team, name):
                add(.team, number(team))
                add(.name, .string(name))
            case let .mergeTeams(from, into):
                add(.from, number(from))
                add(.into, number(into))
            case let .movePlayer(player, team):
                add(.player, number(player))
                add(.team, team.map(number))
            case let .adjust(player, team, delta, reason):
                add(.player, player.map(number))
                add(.team, team.map(number))
                add(.delta, number(delta))
                add(.reason, .string(reason))
            case let .accept(question, text), let .reject(question, text):
                add(.question, number(question))
                add(.text, .string(text))
            case let .mergeAnswers(question, from, into):
                add(.question, number(question))
                add(.from, .string(from))
                add(.into, .string(into))
            case .addTime(let seconds), .reopen(let seconds), .breakAddTime(let seconds):
                add(.seconds, number(seconds))
            case let .tiebreak(text, answer, seconds, players, teams):
                add(.text, .string(text))
                add(.answer, .number(answer))
                add(.seconds, number(seconds))
                add(.players, .array(players.map(number)))
                add(.teams, .array(teams.map(number)))
            case .joinAddress(let url):
                add(.url, .string(url))
            case .clip(let control):
                add(.action, .string(control.action.rawValue))
                add(.volume, control.volume.map(number))
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
            case .buzz(let question):
                add(.question, number(question))
            }
        case .display(.sound(let on)):
            add(.on, .bool(on))
        }
        return .object(members)
    }
}
