/// What the server accepts in a WebSocket opening handshake.
package struct HandshakePolicy: Sendable, Equatable {
    /// Request paths that may upgrade; nil = any path (echo / conformance server).
    package var paths: Set<String>?
    /// Browser origins allowed besides the request's own (RFC 6455 §10.2): `websocket.allowedOrigins`
    /// and `server.publicURL`. Compared on scheme, host and port, case-insensitively, default ports
    /// normalised. A browser's page on this very server (its `Origin` names the request's `Host`)
    /// needs no entry, and a request without `Origin` is not from a browser and is always accepted.
    package var allowedOrigins: [String]
    /// Any `Origin` may upgrade: only for the echo / conformance server, whose test peers send their
    /// own. A game server must not: a page opened on the bar's Wi-Fi could drive a LAN-only server.
    package var acceptsAnyOrigin: Bool
    /// Subprotocols the server speaks, most preferred first.
    package var subprotocols: [String]
    package var compression: PerMessageDeflateConfig

    package init(
        paths: Set<String>?, allowedOrigins: [String] = [], acceptsAnyOrigin: Bool = false, subprotocols: [String] = [],
        compression: PerMessageDeflateConfig
    ) {
        self.paths = paths
        self.allowedOrigins = allowedOrigins
        self.acceptsAnyOrigin = acceptsAnyOrigin
        self.subprotocols = subprotocols
        self.compression = compression
    }

    /// Origins and compression from config.json: `websocket.allowedOrigins`, plus `server.publicURL`
    /// (the address players use behind a proxy, which may differ from the `Host` the proxy sends).
    package init(config: WebSocketConfig, publicURL: String? = nil, acceptsAnyOrigin: Bool = false, paths: Set<String>?, subprotocols: [String] = []) {
        let publicOrigin = publicURL.flatMap { $0.isEmpty ? nil : $0 }
        self.init(paths: paths, allowedOrigins: config.allowedOrigins + (publicOrigin.map { [$0] } ?? []), acceptsAnyOrigin: acceptsAnyOrigin,
                  subprotocols: subprotocols, compression: config.compression)
    }
}
