/// The "websocket" section of config.json. Every limit the codec enforces comes from here so an
/// operator can tune a deployment without a rebuild.
package struct WebSocketConfig: Codable, Sendable, Equatable {
    /// Origins allowed to open a WebSocket (RFC 6455 §4.2.2 / §10.2); empty = any origin.
    package var allowedOrigins: [String]
    /// Upper bound for the whole HTTP upgrade request head (request line + headers).
    package var maxHeaderBytes: Int
    /// Upper bound for the number of header fields in the upgrade request.
    package var maxHeaderCount: Int
    /// Largest single frame payload accepted (RFC 6455 §10.4: implementations should limit frame size).
    package var maxFrameSize: Int
    /// Largest assembled message accepted, before decompression.
    package var maxMessageSize: Int
    /// Most fragments (continuation frames) one message may use.
    package var maxFragments: Int
    /// permessage-deflate settings (RFC 7692).
    package var compression: PerMessageDeflateConfig

    package init(
        allowedOrigins: [String],
        maxHeaderBytes: Int,
        maxHeaderCount: Int,
        maxFrameSize: Int,
        maxMessageSize: Int,
        maxFragments: Int,
        compression: PerMessageDeflateConfig
    ) {
        self.allowedOrigins = allowedOrigins
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxFrameSize = maxFrameSize
        self.maxMessageSize = maxMessageSize
        self.maxFragments = maxFragments
        self.compression = compression
    }

    /// The values shipped in config.json: game messages are small JSON documents, so tight limits.
    package static let gameDefaults = WebSocketConfig(
        allowedOrigins: [],
        maxHeaderBytes: 8192,
        maxHeaderCount: 64,
        maxFrameSize: 65536,
        maxMessageSize: 65536,
        maxFragments: 64,
        compression: .gameDefaults
    )

    /// Limits for the echo / Autobahn conformance server: the test suite sends 16 MiB messages,
    /// up to 65536+ fragments, and exercises compression with context takeover.
    package static let conformance = WebSocketConfig(
        allowedOrigins: [],
        maxHeaderBytes: 16384,
        maxHeaderCount: 128,
        maxFrameSize: 64 << 20,
        maxMessageSize: 64 << 20,
        maxFragments: 1 << 20,
        compression: .conformance
    )
}
