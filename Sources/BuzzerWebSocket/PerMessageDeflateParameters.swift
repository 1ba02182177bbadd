/// What the handshake agreed (RFC 7692 §7.1). "server*" = how the server compresses (its deflater),
/// "client*" = how the client compresses, i.e. how the server inflates.
package struct PerMessageDeflateParameters: Sendable, Equatable {
    /// LZ77 window of the server's deflater, 9...15 (zlib raw deflate cannot do 8).
    package var serverMaxWindowBits: Int
    /// LZ77 window the client may use; the server's inflater window.
    package var clientMaxWindowBits: Int
    /// The server resets its deflater after every message.
    package var serverNoContextTakeover: Bool
    /// The client resets its deflater after every message, so the server may reset its inflater too.
    package var clientNoContextTakeover: Bool

    package init(
        serverMaxWindowBits: Int = 15,
        clientMaxWindowBits: Int = 15,
        serverNoContextTakeover: Bool = false,
        clientNoContextTakeover: Bool = false
    ) {
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
    }
}

extension PerMessageDeflateParameters {
    /// A fresh inflater for one connection's incoming messages.
    package func makeInflater() -> MessageInflater {
        MessageInflater(windowBits: clientMaxWindowBits, noContextTakeover: clientNoContextTakeover)
    }

    /// A fresh deflater for one connection's outgoing messages.
    package func makeDeflater(level: Int) -> MessageDeflater {
        MessageDeflater(windowBits: serverMaxWindowBits, noContextTakeover: serverNoContextTakeover, level: level)
    }
}
