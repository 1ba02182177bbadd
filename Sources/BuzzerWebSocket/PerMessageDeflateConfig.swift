/// The "websocket.compression" section of config.json (RFC 7692 permessage-deflate).
package struct PerMessageDeflateConfig: Codable, Sendable, Equatable {
    /// When false every permessage-deflate offer is declined.
    package var enabled: Bool
    /// Outgoing messages smaller than this are sent uncompressed (deflate overhead is not worth it).
    package var minSize: Int
    /// zlib compression level 0...9.
    package var level: Int
    /// Cap on one inflated incoming message; protects against decompression bombs.
    package var maxDecompressedSize: Int
    /// Largest LZ77 window (8...15) the server compresses with; zlib raw deflate needs at least 9.
    package var serverMaxWindowBits: Int
    /// Largest LZ77 window (8...15) we ask the client to compress with, when it lets us choose.
    package var clientMaxWindowBits: Int
    /// Reset the server's compression context after every message (RFC 7692 §7.1.1.1):
    /// costs ratio but saves a 32 KiB+ window per idle connection and lets one compressed
    /// broadcast be shared by all connections.
    package var serverNoContextTakeover: Bool

    package init(
        enabled: Bool,
        minSize: Int,
        level: Int,
        maxDecompressedSize: Int,
        serverMaxWindowBits: Int,
        clientMaxWindowBits: Int,
        serverNoContextTakeover: Bool
    ) {
        self.enabled = enabled
        self.minSize = minSize
        self.level = level
        self.maxDecompressedSize = maxDecompressedSize
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
        self.serverNoContextTakeover = serverNoContextTakeover
    }

    /// The values shipped in config.json.
    package static let gameDefaults = PerMessageDeflateConfig(
        enabled: true,
        minSize: 256,
        level: 6,
        maxDecompressedSize: 65536,
        serverMaxWindowBits: 15,
        clientMaxWindowBits: 15,
        serverNoContextTakeover: true
    )

    /// For the Autobahn suite (group 12/13): context takeover allowed, large messages, compress everything.
    package static let conformance = PerMessageDeflateConfig(
        enabled: true,
        minSize: 0,
        level: 6,
        maxDecompressedSize: 64 << 20,
        serverMaxWindowBits: 15,
        clientMaxWindowBits: 15,
        serverNoContextTakeover: false
    )

    /// Compression switched off: every offer is declined.
    package static let disabled = PerMessageDeflateConfig(
        enabled: false,
        minSize: 256,
        level: 6,
        maxDecompressedSize: 65536,
        serverMaxWindowBits: 15,
        clientMaxWindowBits: 15,
        serverNoContextTakeover: true
    )
}
