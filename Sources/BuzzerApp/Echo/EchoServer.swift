import BuzzerTransport
import BuzzerWebSocket

/// Builds the WebSocket server behind `buzzer echo` (and the conformance tests).
package enum EchoServer {
    package static func make(config: BuzzerConfig, compression: Bool = true, tls: TLSContext? = nil) -> WebSocketServer {
        var websocket = config.websocket
        if !compression { websocket.compression.enabled = false }
        var serverConfig = WebSocketServerConfig(
            server: config.server, websocket: websocket, timeouts: config.timeouts, transport: config.transport, paths: nil)
        // A conformance and load-test server: its peers (Autobahn, kosoku, benchmark clients) send
        // their own Origin or none, and it serves nothing a page could abuse.
        serverConfig.acceptsAnyOrigin = true
        return WebSocketServer(config: serverConfig, service: EchoService(compression: websocket.compression), tls: tls)
    }
}
