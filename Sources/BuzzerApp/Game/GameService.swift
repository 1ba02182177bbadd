import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

/// `buzzer serve`'s application: routes `buzzer.v1` messages from connections to rooms, and
/// answers plain HTTP (`/healthz`, `/api/packs`).
///
/// Each upgraded connection gets a `GameClient`. A message arrives on its connection's loop.
/// Anything that needs a room hops to the room's loop with one `execute`; replies travel back
/// through the client's `ClientHandle`, which hops again. Messages from one connection therefore
/// reach the room in the order they were sent.
package final class GameService: WebSocketService {
    package static let subprotocol = "buzzer.v1"
    package static let path = "/ws"

    let context: GameContext
    package let library: PackStore
    let libraryAPI: LibraryAPI
    /// Who may read `/metrics`, parsed once.
    private let metricsRanges: [AddressRange]
    /// The library's edit token: config.json's, or one made at this start (`buzzer serve` prints a link with it).
    package let editToken: String
    /// Library writes, one at a time and off the connections' loops (each ends in an fsync).
    private let libraryQueue = DispatchQueue(label: "buzzer.library")
    /// Wrong codes, per address; taken once per failed entry, never for one that names a live room.
    let limiter: Mutex<JoinRateLimiter>
    /// Set once the server is listening: `/healthz` reports its connection count.
    package let connectionCount: @Sendable () -> Int
    private let connections: ConnectionCounter
    private let shuttingDown = Mutex(false)
    private let draining = Mutex(false)
    /// Rooms recovery left out because their log cannot be replayed, for `/healthz`.
    let quarantinedRooms = Mutex<[String]>([])
    /// The port the server listens on, once started (`server.port` may be 0).
    let listeningPort = Atomic<Int>(0)

    package init(config: BuzzerConfig, archive: ArchiveWriter, logger: Logger, clock: @escaping @Sendable () -> GameInstant = GameService.wallClock) {
        let metrics = BuzzerMetrics()
        context = GameContext(config: config, archive: archive, logger: logger, clock: clock, metrics: metrics)
        archive.observeCommits { events, syncNanoseconds in metrics.archived(events: events, syncNanoseconds: syncNanoseconds) }
        library = PackStore(directory: config.rooms.libraryDirectory, limits: config.game.packLimits)
        editToken = config.library.editToken ?? Secrets.token()
        metricsRanges = config.metrics.ranges
        libraryAPI = LibraryAPI(
            store: library, media: MediaStore(directory: config.library.mediaDirectory), editTokenHash: Secrets.hash(editToken),
            maxPackBytes: config.library.maxPackBytes, maxMediaBytes: config.library.maxMediaBytes)
        limiter = Mutex(JoinRateLimiter(policy: JoinRateLimiter.Policy(
            failuresPerMinute: config.rooms.failedJoinsPerMinute, failuresPerConnection: config.rooms.failedJoinsPerConnection,
            delayMilliseconds: Int64(config.rooms.failedJoinDelayMilliseconds))))
        let counter = ConnectionCounter()
        connections = counter
        connectionCount = { counter.value }
    }

    /// Milliseconds since 1970, the game's clock.
    package static let wallClock: @Sendable () -> GameInstant = { ArchiveWriter.systemMilliseconds() }

    package var roomCount: Int { context.registry.count }

    /// No valid pack in the library folder (or no folder): hosts can only upload.
    package var libraryIsEmpty: Bool { library.isEmpty }

    /// Whether the edit token was made at this start (none in config.json).
    package var editTokenIsGenerated: Bool { context.config.library.editToken == nil }

    /// Rooms whose game has not ended yet.
    package var runningRoomCount: Int { context.registry.runningCount }

    /// Stops starting games, for a rolling restart: `create` is refused with `draining` and
    /// `/healthz` answers 503 so a load balancer sends new rooms elsewhere, while every running room
    /// plays on (joins, resumes and hosts included). `GameServer.drain` exits once they have ended.
    package func beginDrain() {
        draining.withLock { $0 = true }
    }

    package var isDraining: Bool { draining.withLock { $0 } }

    /// Freezes every room before the connections close: timers stop and departures are not logged.
    package func beginShutdown() {
        shuttingDown.withLock { $0 = true }
        for room in context.registry.all { room.run { $0.stop() } }
    }
    private var messages: ServerMessageEncoder { context.messages }

    // MARK: - HTTP

    package func respond(to head: HTTPRequestHead, remoteAddress: String) -> HTTPResponse {
        guard head.method == "GET" || head.method == "HEAD" else {
            return .error(status: 405, message: "Only GET is served here.")
        }
        switch head.path {
        case "/healthz":
            return health()
        case "/metrics":
            guard metricsRanges.contains(where: { $0.contains(remoteAddress) }) else {
                return .error(status: 403, message: "Metrics are served to \(context.config.metrics.allowFrom.joined(separator: ", ")) only (metrics.allowFrom in config.json).")
            }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")
            headers.add(name: "Cache-Control", value: "no-store")
            return HTTPResponse(status: 200, headers: headers, body: context.metrics.exposition())
        case _ where LibraryAPI.handles(head.path):
            return libraryAPI.respond(to: head, body: [])
        case "/api/settings":
            // The host console's defaults are config.json's, not the page's own.
            return json(200, encode(["roomDefaults": context.config.game.roomDefaults]))
        default:
            return resultsResponse(head) ?? webResponse(head)
        }
    }

    package func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision {
        libraryAPI.bodyDecision(for: head)
    }

    /// Library writes run on their own queue: the connection's loop stays free while the file is synced.
    package func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        guard LibraryAPI.handles(head.path) else {
            reply(respond(to: head, remoteAddress: remoteAddress))
            return
        }
        let api = libraryAPI
        libraryQueue.async { reply(api.respond(to: head, body: body)) }
    }

    private func health() -> HTTPResponse {
        let archiveState = context.archive.health == .healthy ? "ok" : "degraded"
        let status = archiveState == "degraded" ? "degraded" : isDraining ? "draining" : "ok"
        let body = "{\"status\":\"\(status)\",\"rooms\":\(roomCount),\"running\":\(runningRoomCount),"
            + "\"connections\":\(connections.value),\"archive\":\"\(archiveState)\","
            + "\"quarantined\":[\(quarantinedRooms.withLock { $0 }.map(JSONStringLiteral.make).joined(separator: ","))]}"
        return json(status == "ok" ? 200 : 503, body)
    }

    private func json(_ status: Int, _ body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    private func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
    }

    // MARK: - WebSocket lifecycle

    package func makeHandler(for upgrade: WebSocketUpgrade<GameClient>) -> GameClient {
        connections.add(1)
        context.metrics.connectionOpened()
        return GameClient(upgrade: upgrade, service: self)
    }

    func closed(_ client: GameClient, reason: ConnectionCloseReason, code: UInt16) {
        connections.add(-1)
        context.metrics.connectionClosed(code: code)
        // Connections closed by a shutdown are not departures: the log must not say everyone left
        // (the host-away clock would run while the server is down). Recovery marks them away at restart.
        guard !shuttingDown.withLock({ $0 }) else { return }
        guard let room = client.state.room else { return }
        let handle = client.handle, role = client.state.role, written = client.state.questionWritten
        room.run { $0.detach(handle, role: role, questionWritten: written) }
    }

    func received(_ message: WebSocketMessage, from client: GameClient) {
        context.metrics.received(bytes: message.payload.count)
        guard message.opcode == .text else {
            client.send(messages.encode(.error("bad_message", "Send JSON text messages; binary messages are not part of buzzer.v1.")))
            return
        }
        let decoded: ClientMessage
        do {
            decoded = try ClientMessage.decode(message.payload, packLimits: context.config.game.packLimits)
        } catch {
            client.send(messages.encode(.error("bad_message", "That message was not understood: \(error.reason).", request: error.request)))
            return
        }
        route(decoded, from: client)
    }

    // MARK: - Routing

    /// Sends each message by its role: an exhaustive switch, so a new command states whose it is.
    private func route(_ message: ClientMessage, from client: GameClient) {
        switch message {
        case .entry(let request):
            route(request, from: client)
        case .host(let command):
            guard let (room, role) = member(client, request: message.type) else { return }
            guard role == .host else {
                client.send(messages.encode(.error(GameError.notHost, request: message.type)))
                return
            }
            let handle = client.handle, messages = self.messages
            room.run { live in
                do throws(GameError) {
                    try Self.perform(command, handle: handle, in: live)
                } catch {
                    handle.send(messages.encode(.error(error, request: command.type)))
                }
            }
        case .player(let command):
            guard let (room, role) = member(client, request: message.type) else { return }
            guard case .player(let id) = role else {
                client.send(messages.encode(.error(GameError.unknownPlayer, request: message.type)))
                return
            }
            let handle = client.handle, messages = self.messages
            let rtt = GameDuration((handle.roundTripNanos ?? 0) / 1_000_000)
            let written = client.state.questionWritten
            room.run { live in
                do throws(GameError) {
                    try Self.perform(command, by: id, handle: handle, rttMs: rtt, written: written, in: live)
                } catch {
                    handle.send(messages.encode(.error(error, request: command.type)))
                }
            }
        }
    }

    private func route(_ request: EntryRequest, from client: GameClient) {
        switch request {
        case .create(let create):
            guard enterable(client, request: request.type) else { return }
            self.create(create, client: client)
        case .host, .join, .resume, .watch:
            guard enterable(client, request: request.type) else { return }
            enter(request, client: client)
        case .peek(let code):
            guard !client.state.entering else {
                client.send(messages.encode(.error("busy", "Wait for the answer to your previous request.", request: request.type)))
                return
            }
            peek(code, client: client)
        }
    }

    /// The room and role of a connection that has entered one; otherwise it is told to join first.
    private func member(_ client: GameClient, request: String) -> (RoomRef, ClientState.Role)? {
        guard let room = client.state.room else {
            client.send(messages.encode(.error("not_in_room", "Join or create a room first.", request: request)))
            return nil
        }
        return (room, client.state.role)
    }

    /// Refuses a second create/join/... while one is pending or the connection already has a role.
    private func enterable(_ client: GameClient, request: String) -> Bool {
        if client.state.entering {
            client.send(messages.encode(.error("busy", "Wait for the answer to your previous request.", request: request)))
            return false
        }
        if let room = client.state.room {
            client.send(messages.encode(.error("already_in_room", "This connection is already in room \(room.code); open a new connection for another room.", request: request)))
            return false
        }
        return true
    }

    /// A host command, on the room's loop. Its values are within `InputBounds` (checked at decoding).
    private static func perform(_ command: HostCommand, handle: ClientHandle, in live: LiveRoom) throws(GameError) {
        let ok = { live.context.messages.encode(.ok(OKPayload(request: command.type))) }
        switch command {
        case .start: try live.perform(.start)
        case .next: try live.perform(.next)
        case .close: try live.perform(.close)
        case .reveal: try live.perform(.reveal)
        case .leaderboard: try live.perform(.showLeaderboard)
        case .end: try live.perform(.end)
        case .lock:
            try live.perform(.setLocked(true))
            handle.send(ok())
        case .unlock:
            try live.perform(.setLocked(false))
            handle.send(ok())
        case let .kick(player, ban, reason):
            try live.perform(.kick(PlayerID(player), ban: ban, reason: reason))
            handle.send(ok())
        case let .rename(player, nickname):
            try live.perform(.rename(PlayerID(player), nickname: nickname))
            handle.send(ok())
        case let .renameTeam(team, name):
            try live.perform(.renameTeam(TeamID(team), name: name))
            handle.send(ok())
        case let .mergeTeams(from, into):
            try live.perform(.mergeTeams(from: TeamID(from), into: TeamID(into)))
            handle.send(ok())
        case let .movePlayer(player, team):
            try live.perform(.movePlayer(PlayerID(player), team: team.map(TeamID.init)))
            handle.send(ok())
        case let .adjust(player, team, delta, reason):
            let target: ScoreTarget = player.map { .player(PlayerID($0)) } ?? .team(TeamID(team ?? 0))
            try live.perform(.adjustScore(target, delta: delta, reason: reason))
            handle.send(ok())
        case let .accept(question, text):
            try live.perform(.accept(question: question, text: text))
            handle.send(ok())
        case .pause: try live.perform(.pauseClock)
        case .unpause: try live.perform(.resumeClock)
        case .addTime(let seconds): try live.perform(.addTime(ms: GameDuration(seconds) * 1000))
        case .skip: try live.perform(.skip)
        case .reopen(let seconds): try live.perform(.reopen(ms: GameDuration(seconds) * 1000))
        case .undoReveal: try live.perform(.undoReveal)
        case let .tiebreak(text, answer, seconds, players, teams):
            try live.perform(.startTiebreak(TiebreakRequest(
                text: text, answer: answer, seconds: seconds, players: players.map(PlayerID.init), teams: teams.map(TeamID.init))))
        case .joinAddress(let url):
            let base = url.hasSuffix("/") ? String(url.dropLast()) : url
            guard live.context.registry.chooseJoinURL(base, for: live.code) else {
                let offered = live.context.registry.joinAddresses(live.code)?.offered.candidates ?? []
                handle.send(live.context.messages.encode(.error(
                    "unknown_address", "\(url) is not one of this server's join addresses: \(offered.joined(separator: ", ")).", request: command.type)))
                return
            }
            handle.send(ok())
            live.announceJoinAddress("\(base)/join/\(live.code)")
        }
    }

    /// A player's command, on the room's loop.
    private static func perform(
        _ command: PlayerCommand, by id: PlayerID, handle: ClientHandle, rttMs: GameDuration,
        written: (sequence: Int, at: GameInstant)?, in live: LiveRoom
    ) throws(GameError) {
        switch command {
        case let .answer(question, value):
            // Not yet written (a resume racing the question) falls back to when answers opened.
            let writtenAt = written.flatMap { $0.sequence == question ? $0.at : nil } ?? 0
            let submission = AnswerSubmission(question: question, value: value, writtenAt: writtenAt, rttMs: rttMs)
            try live.answer(id, submission, from: handle)
        case let .wager(question, amount):
            try live.perform(.wager(id, question: question, amount: amount))
            handle.send(live.context.messages.encode(.ok(OKPayload(request: command.type))))
        case .tiebreakAnswer(let value):
            try live.perform(.tiebreakAnswer(id, value: value, writtenAt: 0, rttMs: rttMs), answerFrom: handle)
        case .leave:
            try live.leave(id, handle: handle)
            handle.send(live.context.messages.encode(.ok(OKPayload(request: command.type))))
            handle.close(code: 1000, reason: "left the game")
        }
    }
}

/// Open WebSocket sessions, for `/healthz`.
final class ConnectionCounter: Sendable {
    private let count = Mutex<Int>(0)
    var value: Int { count.withLock { $0 } }
    func add(_ delta: Int) { count.withLock { $0 += delta } }
}
