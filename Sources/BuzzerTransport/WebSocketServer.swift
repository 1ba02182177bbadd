import BuzzerWebSocket
import Logging

/// The WebSocket server: the TCP listener and loops below, one session per connection, and the app's
/// typed handler for each upgraded one above.
package final class WebSocketServer: Sendable {
    let tcp: TCPServer
    package let config: WebSocketServerConfig

    /// Plain HTTP requests one connection may make; the last one is answered with `Connection: close`.
    package static let maxRequestsPerConnection = 100

    /// `logger` is where the transport says, at debug level, why each connection closed.
    /// https/wss when `tls` is given (made from `server.tls` by the caller, which reports a bad file).
    package let tls: TLSContext?

    package init<Service: WebSocketService>(
        config: WebSocketServerConfig, service: Service, logger: Logger = Logger(label: "buzzer.transport"), tls: TLSContext? = nil
    ) {
        self.tls = tls
        self.config = config
        let group = EventLoopGroup(count: config.server.eventLoops, readBufferBytes: config.transport.readBufferBytes)
        let compression = config.websocket.compression
        let deflaters = compression.enabled
            ? group.loops.map { LoopBound.sending(SharedDeflater(windowBits: compression.serverMaxWindowBits, level: compression.level), to: $0.queue) }
            : []
        let context = WebSocketServerContext<Service.Handler>(
            config: config,
            proxies: config.server.proxies,
            policy: HandshakePolicy(
                config: config.websocket, publicURL: config.server.publicURL, acceptsAnyOrigin: config.acceptsAnyOrigin,
                paths: config.paths, subprotocols: config.subprotocols),
            bodyDecision: { service.bodyDecision(for: $0) },
            respond: { service.respond(to: $0, body: $1, remoteAddress: $2, reply: $3) },
            makeHandler: { service.makeHandler(for: $0) },
            pingIntervalNanos: UInt64(max(0, config.timeouts.pingIntervalSeconds) * 1e9),
            roundTripSource: config.transport.roundTrip,
            logger: logger,
            sharedDeflaters: deflaters)
        tcp = TCPServer(config: config.server, transport: config.transport, timeouts: config.timeouts, group: group, tls: tls,
                        maxProxyHeaderBytes: config.websocket.maxHeaderBytes) { connection in
            WebSocketSession(context: context, connection: connection)
        }
    }

    /// Binds and starts accepting; returns the bound port.
    @discardableResult
    package func start() throws(TransportError) -> Int {
        try tcp.start()
    }

    package var port: Int { tcp.port }
    package var connectionCount: Int { tcp.connectionCount }
    /// The server's event loops, for work that must run on one (a recovered room, say).
    package var loops: [EventLoop] { tcp.group.loops }

    /// Stops accepting, sends close 1001 to every session, and completes within `seconds`.
    package func shutdown(within seconds: Double, completion: @escaping @Sendable () -> Void) {
        tcp.shutdown(within: seconds, completion: completion)
    }
}
