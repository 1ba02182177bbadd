import BuzzerTransport
import BuzzerWebSocket

/// Builds the WebSocket server behind `buzzer echo` (and the conformance tests).
package enum EchoServer {
    package static func make(config: BuzzerConfig, compression: Bool = true, tls: TLSContext? = nil) -> WebSocketServer {
        var websocket = config.websocket
        if !compression { websocket.compression.enabled = false }
        let serverConfig = WebSocketServerConfig(
            server: config.server, websocket: websocket, timeouts: config.timeouts, transport: config.transport, paths: nil)
        return WebSocketServer(config: serverConfig, service: EchoService(compression: websocket.compression), tls: tls)
    }
}
