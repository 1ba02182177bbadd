import BuzzerWebSocket

/// The WebSocket server: the TCP listener and loops below, one `WebSocketSession` per connection above.
package final class WebSocketServer: Sendable {
    package let tcp: TCPServer
    package let config: WebSocketServerConfig

    package init(config: WebSocketServerConfig, delegate: any WebSocketServerDelegate) {
        self.config = config
        let context = WebSocketServerContext(
            config: config,
            policy: HandshakePolicy(config: config.websocket, paths: config.paths, subprotocols: config.subprotocols),
            delegate: delegate,
            pingIntervalNanos: UInt64(max(0, config.timeouts.pingIntervalSeconds) * 1e9))
        let group = EventLoopGroup(count: config.server.eventLoops, readBufferBytes: config.transport.readBufferBytes)
        tcp = TCPServer(config: config.server, transport: config.transport, timeouts: config.timeouts, group: group) { connection in
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

    /// Stops accepting, sends close 1001 to every session, and completes within `seconds`.
    package func shutdown(within seconds: Double, completion: @escaping @Sendable () -> Void) {
        tcp.shutdown(within: seconds, completion: completion)
    }
}
