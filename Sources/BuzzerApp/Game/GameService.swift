import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

/// `buzzer serve`'s application: routes `buzzer.v1` messages from connections to rooms, and
/// hands plain HTTP to its router (`GameRoutes`, in HTTP/).
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
    /// The leagues: their file, their games from the archives, their standings (docs/league.md).
    let leagues: LeagueService
    /// Every plain HTTP request goes here (HTTP/GameRoutes.swift).
    let router: Router<GameService>
    /// The library's edit token: config.json's, or one made at this start (`buzzer serve` prints a link with it).
    package let editToken: String
    /// `create`, `host`, `join`, `resume`, `watch` and `peek`.
    let entrance: RoomEntrance
    /// Host and player commands.
    let commands: CommandDispatcher
    /// Whether new games may start (the log, the disk, a drain, `maxRooms`).
    let gate: NewGameGate
    /// Where players reach this server (the join links and QR codes).
    let addresses: ServerAddresses
    /// Set once the server is listening: `/healthz` reports its connection count.
    package let connectionCount: @Sendable () -> Int
    private let shuttingDown = Mutex(false)
    /// Rooms recovery left out because their log cannot be replayed, for `/healthz`.
    let quarantinedRooms = Mutex<[String]>([])

    /// `editToken`: the library's edit token when config.json names none (`buzzer serve` keeps one
    /// beside the log: `EditTokenStore`); a fresh one if that is nil too.
    package init(
        config: BuzzerConfig, archive: ArchiveWriter, logger: Logger, editToken: String? = nil,
        clock: @escaping @Sendable () -> GameInstant = GameService.wallClock
    ) {
        let metrics = BuzzerMetrics()
        context = GameContext(config: config, archive: archive, logger: logger, clock: clock, metrics: metrics)
        archive.observeCommits { events, syncNanoseconds in metrics.archived(events: events, syncNanoseconds: syncNanoseconds) }
        library = PackStore(directory: config.rooms.libraryDirectory, limits: config.game.packLimits)
        self.editToken = config.library.editToken ?? editToken ?? Secrets.token()
        leagues = context.leagues
        if let problem = leagues.bookError { logger.error("\(problem); leagues run without their settings and aliases, and changes are refused", metadata: [:]) }
        router = GameRoutes.router(config: config, library: library, leagues: leagues, questions: context.questions, editToken: self.editToken, clock: clock)
        gate = NewGameGate(context: context)
        addresses = ServerAddresses(config: config, clock: clock)
        entrance = RoomEntrance(context: context, library: library, addresses: addresses, gate: gate, editTokenHash: Secrets.hash(self.editToken))
        commands = CommandDispatcher(
            messages: context.messages, hostRate: HostCommandRate(config: context.config.rooms),
            soundReportMilliseconds: context.config.rooms.lobbyUpdateMilliseconds)
        connectionCount = { metrics.openConnections }
    }

    /// Milliseconds since 1970, the game's clock.
    package static let wallClock: @Sendable () -> GameInstant = { ArchiveWriter.systemMilliseconds() }

    package var roomCount: Int { context.registry.count }

    /// No valid pack in the library folder (or no folder): hosts can only upload.
    package var libraryIsEmpty: Bool { library.isEmpty }

    /// Whether the edit token is the server's own (none in config.json): `serve` prints a link with it.
    package var editTokenIsGenerated: Bool { context.config.library.editToken == nil }

    /// Rooms whose game has not ended yet.
    package var runningRoomCount: Int { context.registry.runningCount }

    /// Stops starting games, for a rolling restart: `create` is refused with `draining` and
    /// `/healthz` answers 503 so a load balancer sends new rooms elsewhere, while every running room
    /// plays on (joins, resumes and hosts included). `GameServer.drain` exits once they have ended.
    package func beginDrain() {
        gate.beginDrain()
    }

    package var isDraining: Bool { gate.isDraining }

    var listeningAddresses: [String] { addresses.listeningAddresses }

    func joinAddress(requestHost: String?) -> JoinAddress { addresses.joinAddress(requestHost: requestHost) }

    /// Freezes every room before the connections close: timers stop and departures are not logged.
    package func beginShutdown() {
        shuttingDown.withLock { $0 = true }
        for room in context.registry.all { room.run { $0.stop() } }
    }
    private var messages: ServerMessageEncoder { context.messages }

    // MARK: - HTTP

    package func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision {
        router.bodyDecision(for: head)
    }

    package func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: HTTPResponder) {
        router.respond(to: head, body: body, remoteAddress: remoteAddress, context: self, reply: reply)
    }

    /// The archive disk's free space (measured at most once a second), also handed to `/metrics`.
    func diskSpace() -> ArchiveDiskSpace { gate.diskSpace() }

    // MARK: - WebSocket lifecycle

    package func makeHandler(for upgrade: WebSocketUpgrade<GameClient>) -> GameClient {
        context.metrics.connectionOpened()
        return GameClient(upgrade: upgrade, service: self)
    }

    func closed(_ client: GameClient, reason: ConnectionCloseReason, code: UInt16) {
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
            client.send(messages.encode(.error(AppError.notText)))
            return
        }
        let decoded: ClientMessage
        do {
            decoded = try ClientMessage.decode(message.payload, packLimits: context.config.game.packLimits)
        } catch {
            // A create with an invalid inline pack still counts against the connection's creates.
            if error.request == ClientMessageType.create.rawValue, entrance.closeIfPastCreateLimit(client) { return }
            client.send(messages.encode(.error(AppError.notUnderstood(reason: error.reason), request: error.request)))
            return
        }
        route(decoded, from: client)
    }

    // MARK: - Routing

    /// Sends each message by its role: an exhaustive switch, so a new command states whose it is.
    private func route(_ message: ClientMessage, from client: GameClient) {
        switch message {
        case .entry(let request): entrance.handle(request, from: client)
        case .host(let command): commands.host(command, from: client)
        case .player(let command): commands.player(command, from: client)
        case .display(let report): commands.display(report, from: client)
        }
    }
}
