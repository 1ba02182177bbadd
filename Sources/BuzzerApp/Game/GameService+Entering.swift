import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

extension GameService {
    // MARK: - create

    /// Opens a room on the host's own loop, so the host's commands need no hop.
    func create(_ request: CreateRequest, client: GameClient) {
        let handle = client.handle
        let fail = { (code: String, message: String) in client.send(self.context.messages.encode(.error(code, message, request: "create"))) }
        if !context.archive.acceptsNewGames {
            fail("archive_unavailable", "The server cannot record new games right now (its log is failing), so it is not starting any. Running games go on.")
            return
        }
        if isDraining {
            fail("draining", "This server is finishing its running games before a restart and starts no new ones; try again in a moment.")
            return
        }
        let config = context.config
        if context.registry.count >= config.rooms.maxRooms {
            fail("too_many_rooms", "The server is running its maximum of \(config.rooms.maxRooms) rooms; try again when a game ends.")
            return
        }
        let pack: QuestionPack
        switch request.source {
        case .inline(let inline):
            pack = inline
        case .library(let name):
            do { pack = try library.pack(named: name) } catch {
                fail(error.isUnknown ? "pack_not_found" : "invalid_pack", error.description)
                return
            }
        }
        let settings: RoomSettings
        do { settings = try Self.settings(request.settings, defaults: config.game.roomDefaults) } catch {
            fail("invalid_settings", error.reason)
            return
        }

        let token = Secrets.token(), now = context.clock(), loop = handle.loop
        var created: (ref: RoomRef, live: LiveRoom, event: RoomEvent)?
        for _ in 0..<16 where created == nil {
            let code = config.rooms.instanceId.map { $0 + Secrets.joinCode(length: config.rooms.joinCodeLength - 1) }
                ?? Secrets.joinCode(length: config.rooms.joinCodeLength)
            let made: (room: Room, event: RoomEvent)
            do {
                made = try Room.create(code: code, pack: pack, settings: settings, packLimits: config.game.packLimits,
                                       seed: Secrets.seed(), hostTokenHash: Secrets.hash(token), at: now)
            } catch {
                fail(error.code, error.description)
                return
            }
            let live = LiveRoom(room: made.room, loop: loop, context: context)
            let ref = RoomRef(code: code, loop: loop, bound: LoopBound(live, queue: loop.queue))
            switch context.registry.insert(ref, limit: config.rooms.maxRooms) {
            case .inserted:
                created = (ref, live, made.event)
                context.registry.setHostTokenHash(made.room.hostTokenHash, for: code)
                ref.run { $0.reportGauges() }
            case .codeTaken: continue
            case .full:
                fail("too_many_rooms", "The server is running its maximum of \(config.rooms.maxRooms) rooms; try again when a game ends.")
                return
            }
        }
        guard let (ref, live, event) = created else {
            fail("internal", "No free join code was found; try again.")
            return
        }
        // The host token is handed out only once the room is in the log: a restart must still know it.
        client.state.entering = true
        let messages = context.messages, logger = context.logger, registry = context.registry
        let join = registry.join(ref.code, offering: joinAddress(for: client))
        let reply = messages.encode(.created(CreatedPayload(
            code: ref.code, hostToken: token, joinURL: "\(join.chosen)/join/\(ref.code)", joinAddresses: join.offered.candidates,
            displayURL: "\(join.chosen)/display/\(ref.code)", title: pack.title, questionCount: pack.questionCount, settings: settings)))
        live.record([event]) { durable in
            guard durable else {
                registry.remove(ref.code)
                ref.run { $0.forget() }
                handle.withHandler({ client in
                    client.state.entering = false
                    client.send(messages.encode(.error("archive_unavailable", "The server could not record the new game (its log is failing), so it did not start it. Running games go on.", request: "create")))
                }, ifClosed: {})
                return
            }
            ref.run { live in
                live.attachHost(handle)
                let state = messages.encode(live.state(for: .host))
                handle.withHandler({ client in
                    client.state.entering = false
                    client.state.room = ref
                    client.state.role = .host
                    client.send(reply)
                    client.send(state)
                }, ifClosed: {
                    ref.run { $0.detach(handle, role: .host) }
                })
            }
            logger.info("room created", metadata: [
                "room": "\(ref.code)", "title": "\(pack.title)", "questions": "\(pack.questionCount)", "scoring": "\(settings.scoring.rawValue)"])
        }
    }

    /// The addresses players could use to reach this server, seen from the client's request.
    func joinAddress(for client: GameClient) -> JoinAddress {
        joinAddress(requestHost: client.request.headers.first(name: "Host"))
    }

    func joinAddress(requestHost: String?) -> JoinAddress {
        let bound = listeningPort.load(ordering: .relaxed)
        return JoinAddress(publicURL: context.config.server.publicURL, requestHost: requestHost, lanAddresses: listeningAddresses,
                           port: bound > 0 ? bound : context.config.server.port, scheme: context.config.server.tls == nil ? "http" : "https")
    }

    /// The addresses phones might reach this server at: every LAN address when it listens on all
    /// interfaces, else the one it listens on (none if that is loopback).
    var listeningAddresses: [String] {
        let host = context.config.server.host
        if host == "0.0.0.0" || host == "::" { return LANAddresses.current() }
        return JoinAddress.isLoopbackHost(host) ? [] : [host]
    }

    /// The server's defaults with the host's choices laid over them; unknown names are refused.
    static func settings(_ overrides: JSONValue?, defaults: RoomSettings) throws(ClientMessageError) -> RoomSettings {
        guard case .object(let members)? = overrides, !members.isEmpty else { return defaults }
        do {
            let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(defaults)) as? [String: Any] ?? [:]
            var merged = encoded
            for (key, value) in members {
                guard encoded[key] != nil else { throw ClientMessageError(reason: "\"settings.\(key)\" is not a room setting") }
                merged[key] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
            }
            let settings = try JSONDecoder().decode(RoomSettings.self, from: JSONSerialization.data(withJSONObject: merged))
            if let problem = settings.problem() { throw ClientMessageError(reason: "the room settings are invalid: \(problem)") }
            return settings
        } catch let error as ClientMessageError {
            throw error
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ClientMessageError(reason: "\"settings.\(field)\" has the wrong type or value")
        } catch {
            throw ClientMessageError(reason: "the settings could not be read (\(error))")
        }
    }

    // MARK: - host, join, resume, watch

    func enter(_ message: EntryRequest, client: GameClient) {
        let rawCode: String
        switch message {
        case .host(let code, _), .join(let code, _, _, _), .resume(let code, _), .watch(let code): rawCode = code
        case .create, .peek: return
        }
        let messages = context.messages
        let code = Secrets.normalizeCode(rawCode)
        // A code that names a live room goes straight in: the limiter only ever sees wrong ones.
        guard let ref = context.registry.room(code) else {
            refuseWrongCode(code, request: message.type, client: client)
            return
        }
        client.state.entering = true
        // A room recovered after a restart learns its join addresses from its first member (only
        // then: the interfaces are read once per room, not once per join).
        if context.registry.joinURL(code) == nil { context.registry.join(code, offering: joinAddress(for: client)) }
        let handle = client.handle, clock = context.clock
        ref.run { live in
            Self.admit(message, handle: handle, into: live, ref: ref) { outcome in
                // Back on the connection's loop: give it its role, then its replies, in that order.
                handle.withHandler({ client in
                    client.state.entering = false
                    switch outcome {
                    case .failure(let error):
                        client.send(messages.encode(.error(error, request: message.type)))
                    case .success(let entered):
                        client.state.room = ref
                        client.state.role = entered.role
                        client.send(entered.reply)
                        let sequence = entered.openQuestion
                        handle.send(entered.state) { client, _ in
                            if let sequence { client.state.questionWritten = (sequence, clock()) }
                        }
                        for extra in entered.extra { client.send(extra) }
                    }
                }, ifClosed: {
                    // Gone while we were admitting it: undo the seat like any other disconnect.
                    if case .success(let entered) = outcome { ref.run { $0.detach(handle, role: entered.role) } }
                })
            }
        }
    }

    /// `room_info` for a phone about to join: the room's title, phase and the host's team list. A
    /// wrong code counts against `JoinRateLimiter` like a wrong join, so peeking finds no codes either.
    func peek(_ rawCode: String, client: GameClient) {
        let code = Secrets.normalizeCode(rawCode)
        guard let ref = context.registry.room(code) else {
            refuseWrongCode(code, request: "peek", client: client)
            return
        }
        let handle = client.handle
        ref.run { live in
            let room = live.room
            let info = live.context.messages.encode(.roomInfo(RoomInfoPayload(
                code: room.code, title: room.pack.title, phase: room.phase,
                teams: room.settings.teams.isEmpty ? nil : room.listedTeamNames)))
            handle.send(info)
        }
    }

    /// Answers a code that names no live room as `JoinRateLimiter` says: `room_not_found`, or
    /// `rate_limited` once the address is past its limit; at once or after a delay, during which the
    /// connection can enter nothing; then, past the connection's or the address's limit, closes it.
    private func refuseWrongCode(_ code: String, request: String, client: GameClient) {
        let failures = client.state.failedEntries
        client.state.failedEntries += 1
        let address = client.remoteAddress, now = context.clock()
        let verdict = limiter.withLock { $0.recordFailure(from: address, connectionFailures: failures, now: now) }
        if verdict.overLimitBy == 1 {
            context.logger.notice("wrong room codes past the limit; this address's wrong codes now get rate_limited", metadata: [
                "address": "\(address)", "perMinute": "\(context.config.rooms.failedJoinsPerMinute)"])
        }
        let reply = context.messages.encode(verdict.isRateLimited
            ? .error("rate_limited", "Too many wrong room codes from your network. Check the code on the big screen: the right code still works.", request: request)
            : .error("room_not_found", "No game has the code \(code.isEmpty ? "you typed" : code). Check the code on the screen.", request: request))
        let answer: @Sendable (GameClient) -> Void = { client in
            client.state.entering = false
            client.send(reply)
            if verdict.closesConnection { client.handle.close(code: 1008, reason: "too many wrong room codes") }
        }
        guard verdict.delayMilliseconds > 0 else {
            answer(client)
            return
        }
        client.state.entering = true
        let handle = client.handle
        handle.loop.queue.asyncAfter(deadline: .now() + .milliseconds(Int(verdict.delayMilliseconds))) {
            handle.withHandler(answer)
        }
    }

    /// What a successful entry sends back.
    struct Entered: Sendable {
        var role: ClientState.Role
        var reply: OutboundMessage
        var state: OutboundMessage
        /// The question a player may answer right now, if any (its response time starts when the state is written).
        var openQuestion: Int?
        /// Sent after the state (the host's player list).
        var extra: [OutboundMessage] = []
    }

    /// Runs `message` on the room's loop and calls `done` with what to send back, on the room's loop,
    /// once the entry's events are durable: a seat, a token or a role is handed out only when a
    /// restart would still know it. The member is attached then too, so nothing reaches its
    /// connection before its reply. If the archive fails, the room goes on in memory and so does the entry.
    private static func admit(
        _ message: EntryRequest, handle: ClientHandle, into live: LiveRoom, ref: RoomRef,
        done: @escaping @Sendable (Result<Entered, GameError>) -> Void
    ) {
        let prepared: Admission
        do throws(GameError) {
            prepared = try admission(message, in: live)
        } catch {
            done(.failure(error))
            return
        }
        let finish: @Sendable (LiveRoom, Bool) -> Void = { live, returned in
            var prepared = prepared
            if returned { prepared.resumed = true }
            done(Result { () throws(GameError) -> Entered in try prepared.seat(handle, in: live) })
        }
        do throws(GameError) {
            let returned = Returned()
            let events = try live.perform(prepared.command) { _ in ref.run { finish($0, returned.value.load(ordering: .relaxed)) } }
            if case .join = prepared.command, events.contains(where: { $0.type == "player_reconnected" }) {
                returned.value.store(true, ordering: .relaxed)
            }
        } catch {
            done(.failure(error))
        }
    }

    /// Whether a join brought back a player who had left. Set on the room's loop right after the
    /// join ran, read there once its events are durable (`ref.run` always comes later).
    private final class Returned: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// What an entry runs in the room, and how it seats the connection once that is durable.
    private struct Admission: Sendable {
        var command: RoomCommand
        var role: @Sendable (Room) throws(GameError) -> ClientState.Role
        /// The token the `joined` reply hands out (a join's new one, a resume's rotated one).
        var token: String?
        var resumed = false

        /// Attaches the connection and builds the replies, from the room as it is now.
        func seat(_ handle: ClientHandle, in live: LiveRoom) throws(GameError) -> Entered {
            let messages = live.context.messages
            let role = try role(live.room)
            let reply: OutboundMessage
            switch role {
            case .player(let id):
                guard let player = live.room.players[id], let token else { throw .unknownPlayer }
                live.attachPlayer(id, handle)
                reply = messages.encode(.joined(JoinedPayload(
                    code: live.code, player: id, nickname: player.nickname,
                    team: player.team.flatMap { live.room.teams[$0]?.name }, resumeToken: token, resumed: resumed)))
            case .host:
                live.attachHost(handle)
                let join = live.context.registry.joinAddresses(live.code)
                reply = messages.encode(.hosting(HostingPayload(
                    code: live.code, joinURL: "\(join?.chosen ?? "")/join/\(live.code)", joinAddresses: join?.offered.candidates ?? [])))
            case .display:
                live.attachDisplay(handle)
                let base = live.context.registry.joinURL(live.code) ?? ""
                reply = messages.encode(.watching(WatchingPayload(code: live.code, joinURL: "\(base)/join/\(live.code)")))
            case .none:
                throw .unknownPlayer
            }
            let open = live.room.phase == .reading || live.room.phase == .open
            if open, case .player(let id) = role, let sequence = live.room.currentQuestion?.sequence {
                live.questionShown(sequence, to: id, on: handle)
            }
            // The host's console and the projector need the player list at once, not at the next change.
            let extra = role == .host || role == .display ? [messages.encode(.players(RoomPublisher.players(in: live.room)))] : []
            return Entered(role: role, reply: reply, state: messages.encode(live.state(for: role)),
                           openQuestion: open ? live.room.currentQuestion?.sequence : nil, extra: extra)
        }
    }

    /// The command an entry runs, with the token it will hand out.
    private static func admission(_ message: EntryRequest, in live: LiveRoom) throws(GameError) -> Admission {
        switch message {
        case let .join(_, nickname, team, device):
            // A player who left takes the seat back by joining under the same name from the same
            // device (docs/game-rules.md): the join logs `player_reconnected`, and `joined` says resumed.
            let token = Secrets.token(), tokenHash = Secrets.hash(token)
            return Admission(command: .join(JoinRequest(nickname: nickname, team: team, deviceID: device, resumeTokenHash: tokenHash)),
                             role: { room throws(GameError) in try player(holding: tokenHash, in: room) }, token: token)
        case let .resume(_, token):
            // A room that has ended keeps its tokens: nothing is logged after the end (see `Room.decide`).
            let ended = live.room.phase == .ended
            let fresh = ended ? token : Secrets.token(), tokenHash = Secrets.hash(fresh)
            return Admission(command: .resume(tokenHash: Secrets.hash(token), newTokenHash: ended ? nil : tokenHash),
                             role: { room throws(GameError) in try player(holding: tokenHash, in: room) }, token: fresh, resumed: true)
        case let .host(_, token):
            return Admission(command: .hostReconnect(tokenHash: Secrets.hash(token)), role: { _ in .host }, token: nil)
        case .watch:
            return Admission(command: .displayConnected, role: { _ in .display }, token: nil)
        case .create, .peek:
            throw .unknownPlayer
        }
    }

    /// The seated player whose resume token hashes to `tokenHash`.
    private static func player(holding tokenHash: String, in room: Room) throws(GameError) -> ClientState.Role {
        guard let player = room.player(byResumeTokenHash: tokenHash) else { throw .unknownPlayer }
        return .player(player.id)
    }
}
