import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

/// The way into rooms: `create`, and `host`, `join`, `resume`, `watch` and `peek` by code, with
/// the limits on creates and on wrong codes. Runs on the connection's loop; what a room must
/// decide runs on the room's loop (`RoomAdmission`), and the answer comes back to the connection.
final class RoomEntrance: Sendable {
    let context: GameContext
    let library: PackStore
    let addresses: ServerAddresses
    let gate: NewGameGate
    /// Wrong codes, per address, taken once per failed entry; and right-code `join`s, per address,
    /// taken once per join (a `resume`, `watch` or `host` that names a live room is never counted).
    let wrongCodes: Mutex<JoinRateLimiter>
    /// Creates, per address and per connection; taken once per `create`.
    let creates: Mutex<CreateRateLimiter>
    /// SHA-256 of the library's edit token: a `create` from a library pack must prove it.
    let editTokenHash: String
    /// Open projector pages, per room and per address; taken before a `watch` reaches its room.
    let displays: Mutex<DisplayQuota>

    init(context: GameContext, library: PackStore, addresses: ServerAddresses, gate: NewGameGate, editTokenHash: String) {
        self.context = context
        self.editTokenHash = editTokenHash
        self.library = library
        self.addresses = addresses
        self.gate = gate
        let rooms = context.config.rooms
        wrongCodes = Mutex(JoinRateLimiter(policy: JoinRateLimiter.Policy(
            failuresPerMinute: rooms.failedJoinsPerMinute, failuresPerConnection: rooms.failedJoinsPerConnection,
            delayMilliseconds: Int64(rooms.failedJoinDelayMilliseconds),
            joinsPerMinute: rooms.joinsPerMinute, joinBurst: rooms.joinBurst)))
        displays = Mutex(DisplayQuota(perRoom: rooms.maxDisplaysPerRoom, perAddress: rooms.maxDisplaysPerAddress))
        creates = Mutex(CreateRateLimiter(policy: CreateRateLimiter.Policy(
            createsPerMinute: rooms.createsPerMinute, burst: rooms.createBurst, createsPerConnection: rooms.createsPerConnection)))
    }

    private var messages: ServerMessageEncoder { context.messages }

    /// One entry request; a second one waits for the first's answer.
    func handle(_ request: EntryRequest, from client: GameClient) {
        switch request {
        case .create(let create):
            guard client.state.entering || client.state.room != nil else {
                self.create(create, client: client)
                return
            }
            // Refused before it gets anywhere (busy, already_in_room), and counted all the same.
            guard !closeIfPastCreateLimit(client) else { return }
            _ = enterable(client, request: request.type)
        case .host, .join, .resume, .watch:
            guard enterable(client, request: request.type) else { return }
            enter(request, client: client)
        case .peek(let code):
            guard !client.state.entering else {
                client.send(messages.encode(.error(AppError.requestPending, request: request.type.rawValue)))
                return
            }
            peek(code, client: client)
        }
    }

    /// Counts a `create` refused before `create(_:client:)` runs (an invalid inline pack, a
    /// connection busy or already in a room): `rooms.createsPerConnection` counts every create
    /// request. Past it, answers `rate_limited`, closes the connection and returns true.
    func closeIfPastCreateLimit(_ client: GameClient) -> Bool {
        let requests = client.state.createRequests
        client.state.createRequests += 1
        let limit = context.config.rooms.createsPerConnection
        guard requests >= limit else { return false }
        client.send(messages.encode(.error(AppError.tooManyCreatesOnConnection(limit: limit), request: ClientMessageType.create.rawValue)))
        client.handle.close(code: 1008, reason: "too many create requests")
        return true
    }

    /// Refuses a second create/join/... while one is pending or the connection already has a role.
    private func enterable(_ client: GameClient, request: ClientMessageType) -> Bool {
        if client.state.entering {
            client.send(messages.encode(.error(AppError.requestPending, request: request.rawValue)))
            return false
        }
        if let room = client.state.room {
            client.send(messages.encode(.error(AppError.alreadyInRoom(room: room.code), request: request.rawValue)))
            return false
        }
        return true
    }

    /// The addresses players could use to reach this server, seen from the creating host's request.
    func joinAddress(for client: GameClient) -> JoinAddress {
        addresses.joinAddress(requestHost: client.request.headers.first(name: "Host"))
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
        // A code that names a live room goes straight in, a join within its address's allowance.
        guard let ref = context.registry.room(code) else {
            refuseWrongCode(code, request: message.type, client: client)
            return
        }
        if case .join = message, let wait = wrongCodes.withLock({ $0.takeJoin(from: client.remoteAddress, now: context.clock()) }) {
            // Each join takes a seat that outlives its player: a script joining and leaving is rationed.
            let refusal = AppError.tooManyJoins(retryAfterSeconds: AppError.seconds(fromMilliseconds: wait))
            client.send(messages.encode(.error(refusal, request: message.type.rawValue)))
            return
        }
        if case .watch = message {
            let address = client.remoteAddress
            if let refusal = displays.withLock({ $0.take(room: code, address: address) }) {
                client.send(messages.encode(.error(refusal.error, request: message.type.rawValue)))
                return
            }
            client.state.displaySlot = code
        }
        client.state.entering = true
        // A room recovered from a log that has no join address gets the server's own addresses: never
        // from this request's Host header, which anyone can write.
        if context.registry.joinURL(code) == nil { context.registry.join(code, offering: addresses.joinAddress(requestHost: nil)) }
        let handle = client.handle, clock = context.clock
        ref.run { live in
            RoomAdmission.admit(message, handle: handle, into: live, ref: ref) { outcome in
                // Back on the connection's loop: give it its role, then its replies, in that order.
                handle.withHandler({ client in
                    client.state.entering = false
                    switch outcome {
                    case .failure(let error):
                        client.releaseDisplaySlot()
                        client.send(messages.encode(.error(error, request: message.type.rawValue)))
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
            refuseWrongCode(code, request: .peek, client: client)
            return
        }
        let handle = client.handle
        ref.run { live in
            let room = live.room
            let info = live.context.messages.encode(.roomInfo(RoomInfoPayload(
                code: room.code, title: room.pack.title, phase: room.phase,
                teams: room.settings.teams.isEmpty ? nil : room.listedTeamNames,
                nicknameMaxLength: room.settings.nicknameMaxLength, teamNameMaxLength: room.settings.teamNameMaxLength)))
            handle.send(info)
        }
    }

    /// An HTTP route that takes a join code (`/qr/CODE.svg`, the results download) found no live
    /// room under it: counted against the same per-address budget as a wrong `join`, so HTTP finds
    /// codes no faster than the WebSocket. 404 within the budget; past it 429 with `Retry-After`,
    /// held back by the same growing delay. A live code is never counted or refused.
    /// `answer` is the answer within the budget (the corrections route, which tells no stranger whether
    /// a game exists, answers 401 as for a wrong key).
    func refuseWrongCode(overHTTP code: String, from address: String, answer: HTTPResponse? = nil) -> RouteResponse {
        let now = context.clock()
        let verdict = wrongCodes.withLock { $0.recordFailure(from: address, connectionFailures: 0, now: now) }
        if verdict.overLimitBy == 1 {
            context.logger.notice("wrong room codes past the limit; this address's wrong codes now get rate_limited", metadata: [
                "address": "\(address)", "perMinute": "\(context.config.rooms.failedJoinsPerMinute)", "via": "http"])
        }
        guard verdict.isRateLimited else {
            return .whole(answer ?? .error(status: 404, message: "No game has the code \(code.isEmpty ? "you asked for" : code) on this server."))
        }
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "60")
        return .delayed(.error(status: 429, message: "Too many wrong room codes from your network; try again in a minute. The right code still works.",
                               headers: headers), milliseconds: Int(clamping: verdict.delayMilliseconds))
    }

    /// Answers a code that names no live room as `JoinRateLimiter` says: `room_not_found`, or
    /// `rate_limited` once the address is past its limit; at once or after a delay, during which the
    /// connection can enter nothing; then, past the connection's or the address's limit, closes it.
    private func refuseWrongCode(_ code: String, request: ClientMessageType, client: GameClient) {
        let failures = client.state.failedEntries
        client.state.failedEntries += 1
        let address = client.remoteAddress, now = context.clock()
        let verdict = wrongCodes.withLock { $0.recordFailure(from: address, connectionFailures: failures, now: now) }
        if verdict.overLimitBy == 1 {
            context.logger.notice("wrong room codes past the limit; this address's wrong codes now get rate_limited", metadata: [
                "address": "\(address)", "perMinute": "\(context.config.rooms.failedJoinsPerMinute)"])
        }
        let reply = context.messages.encode(verdict.isRateLimited
            ? .error(AppError.tooManyWrongCodes, request: request.rawValue)
            : .error(AppError.roomNotFound(code: code), request: request.rawValue))
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
}
