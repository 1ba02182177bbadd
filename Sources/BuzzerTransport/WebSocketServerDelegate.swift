import BuzzerWebSocket

/// The application above the WebSocket server. Every call runs on the connection's event loop and must not
/// block it; a reply sent from inside `didReceive` is written before anything the same read produces after it.
package protocol WebSocketServerDelegate: Sendable {
    /// A plain HTTP request (no `Upgrade: websocket`): pages, `/healthz`. The connection closes after the response.
    func httpRequest(_ head: HTTPRequestHead, remoteAddress: String) -> HTTPResponse
    func websocketDidOpen(_ session: WebSocketSession)
    func websocket(_ session: WebSocketSession, didReceive message: WebSocketMessage)
    /// Called once per opened session, whatever ended it.
    func websocketDidClose(_ session: WebSocketSession, reason: ConnectionCloseReason)
    /// A keepalive pong came back; `session.roundTripNanos` is updated.
    func websocketDidMeasureRoundTrip(_ session: WebSocketSession)
}

extension WebSocketServerDelegate {
    package func websocketDidMeasureRoundTrip(_ session: WebSocketSession) {}
}

/// Everything the WebSocket server needs from config.json, plus what the app decides in code.
package struct WebSocketServerConfig: Sendable {
    package var server: ServerConfig
    package var websocket: WebSocketConfig
    package var timeouts: TimeoutConfig
    package var transport: TransportConfig
    /// Paths that accept upgrades; nil accepts any path (the echo server).
    package var paths: Set<String>?
    /// Subprotocols in server preference order.
    package var subprotocols: [String]

    package init(server: ServerConfig, websocket: WebSocketConfig, timeouts: TimeoutConfig, transport: TransportConfig, paths: Set<String>?, subprotocols: [String] = []) {
        self.server = server
        self.websocket = websocket
        self.timeouts = timeouts
        self.transport = transport
        self.paths = paths
        self.subprotocols = subprotocols
    }
}
