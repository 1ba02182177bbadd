import BuzzerWebSocket
import Logging

/// The application above the WebSocket server: it answers plain HTTP and makes one typed handler for
/// each upgraded connection. The app reaches connections only through that handler and its
/// `WebSocketHandle`, never through the transport's own types. The transport knows no routes: it
/// hands over every request that is not an upgrade, and writes whatever answer comes back.
package protocol WebSocketService: Sendable {
    associatedtype Handler: WebSocketHandler

    /// Called on the connection's loop once the upgrade response is queued. The handler owns the
    /// client's state and lives until its `closed(reason:)`.
    func makeHandler(for upgrade: WebSocketUpgrade<Handler>) -> Handler

    /// For a request that is not a GET or HEAD, from its head alone: how many body bytes it may
    /// carry (`Content-Length`; a longer one gets 413 before its body is read), or an answer sent
    /// without reading the body at all. The default reads no body.
    func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision

    /// Every plain HTTP request (no `Upgrade: websocket`), GET and HEAD included, with its whole body
    /// (empty for GET and HEAD). Called on the connection's loop, which must not block: the app
    /// answers through `reply` at once when the answer is in memory, or later, from any thread, once
    /// disk work done on another queue is over. The connection reads nothing more until then. The
    /// transport drops the body of an answer to HEAD.
    func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: HTTPResponder)
}

extension WebSocketService {
    package func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision { .read(limit: 0) }
}

/// One upgraded connection's application side. Every call runs on the connection's loop, so a handler
/// keeps plain mutable state and is not Sendable. A reply sent through the handle from inside
/// `received` is written before anything the same read produces after it.
package protocol WebSocketHandler: AnyObject, SendableMetatype {
    /// A whole message arrived (reassembled, inflated, UTF-8 checked).
    func received(_ message: WebSocketMessage)
    /// A keepalive pong came back after `nanos`; the handle's `roundTripNanos` already says so.
    func measuredRoundTrip(nanos: UInt64)
    /// Called exactly once, whatever ended the connection; the transport drops the handler after it.
    /// `code` is the closing handshake's status code (RFC 6455 §7.4.1), 1006 if there was none.
    func closed(reason: ConnectionCloseReason, code: UInt16)
}

extension WebSocketHandler {
    package func measuredRoundTrip(nanos: UInt64) {}
}

/// What the app learns of a connection when it is upgraded.
package struct WebSocketUpgrade<Handler: WebSocketHandler>: Sendable {
    package let handle: WebSocketHandle<Handler>
    /// The request that opened the connection (its path, query and Host, for example).
    package let request: HTTPRequestHead
    package let subprotocol: String?
    package let remoteAddress: String
    let baseLogger: Logger
    let connectionID: UInt64
    let proxy: String?

    /// The transport's logger, with this connection's `connection` and `remote` (and `proxy`) metadata:
    /// made when asked, so a connection whose app never logs carries no logger of its own.
    package var logger: Logger {
        var logger = baseLogger
        logger[metadataKey: "connection"] = "\(connectionID)"
        logger[metadataKey: "remote"] = "\(remoteAddress)"
        if let proxy { logger[metadataKey: "proxy"] = "\(proxy)" }
        return logger
    }
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
    /// Added to every HTTP answer that does not set them itself: the app's pages and the
    /// transport's own refusals (400, 411, 413, 431, a refused upgrade…) alike.
    package var responseHeaders: HTTPHeaders
    /// Lets a page from any origin upgrade (the echo / conformance server). Otherwise a browser's
    /// `Origin` must be this server's own, `server.publicURL` or in `websocket.allowedOrigins`.
    package var acceptsAnyOrigin = false

    /// Never guess a type from the bytes (an uploaded "picture" run as a script), and never send
    /// this server's addresses, which carry join codes, to another site.
    package static let safeResponseHeaders = HTTPHeaders([
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ])

    package init(server: ServerConfig, websocket: WebSocketConfig, timeouts: TimeoutConfig, transport: TransportConfig, paths: Set<String>?,
                 subprotocols: [String] = [], responseHeaders: HTTPHeaders = WebSocketServerConfig.safeResponseHeaders) {
        self.server = server
        self.websocket = websocket
        self.timeouts = timeouts
        self.transport = transport
        self.paths = paths
        self.subprotocols = subprotocols
        self.responseHeaders = responseHeaders
    }
}
