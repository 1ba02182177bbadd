/// What the server accepts in a WebSocket opening handshake.
package struct HandshakePolicy: Sendable, Equatable {
    /// Request paths that may upgrade; nil = any path (echo / conformance server).
    package var paths: Set<String>?
    /// Allowed `Origin` values (RFC 6455 §10.2), compared case-insensitively on scheme, host and
    /// port with default ports normalised; empty = any origin.
    package var allowedOrigins: [String]
    /// Subprotocols the server speaks, most preferred first.
    package var subprotocols: [String]
    package var compression: PerMessageDeflateConfig

    package init(paths: Set<String>?, allowedOrigins: [String] = [], subprotocols: [String] = [], compression: PerMessageDeflateConfig) {
        self.paths = paths
        self.allowedOrigins = allowedOrigins
        self.subprotocols = subprotocols
        self.compression = compression
    }

    /// Origins and compression from config.json's "websocket" section.
    package init(config: WebSocketConfig, paths: Set<String>?, subprotocols: [String] = []) {
        self.init(paths: paths, allowedOrigins: config.allowedOrigins, subprotocols: subprotocols, compression: config.compression)
    }
}
