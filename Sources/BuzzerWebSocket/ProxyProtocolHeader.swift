/// A PROXY protocol version 2 header (HAProxy's `send-proxy-v2`; haproxy.org's proxy-protocol.txt
/// §2.2): the binary block a proxy sends before anything else on a connection, telling the server
/// whom the proxy is talking to. Only read from a peer in `server.trustedProxies`.
///
///     12 bytes  signature 0D 0A 0D 0A 00 0D 0A 51 55 49 54 0A
///     1 byte    version (high nibble, 2) and command (low nibble: 0 LOCAL, 1 PROXY)
///     1 byte    address family (high: 0 UNSPEC, 1 INET, 2 INET6, 3 UNIX) and transport (low: 0, 1 STREAM, 2 DGRAM)
///     2 bytes   length of what follows, network order: the addresses, then TLVs (skipped)
///     INET: source, destination (4 bytes each), source port, destination port (2 each); INET6 the same with 16
package struct ProxyProtocolHeader: Sendable, Equatable {
    package enum Command: Sendable, Equatable {
        /// The proxy's own connection (a health check): the connection's peer is the client.
        case local
        /// A relayed connection: the addresses are the client's and the one it reached.
        case proxy
    }

    package struct Endpoint: Sendable, Equatable {
        package var address: IPAddress
        package var port: UInt16

        package init(address: IPAddress, port: UInt16) {
            self.address = address
            self.port = port
        }
    }

    package var command: Command
    /// The client as the proxy saw it. nil for LOCAL, and for a PROXY whose family carries no IP
    /// address (UNSPEC, UNIX): the spec says the receiver then uses the connection's own endpoints.
    package var source: Endpoint?
    package var destination: Endpoint?
    /// The header's bytes on the wire, TLVs included.
    package var length: Int

    package init(command: Command, source: Endpoint?, destination: Endpoint?, length: Int) {
        self.command = command
        self.source = source
        self.destination = destination
        self.length = length
    }

    /// The 12 bytes every version 2 header starts with. No HTTP request line and no TLS record can
    /// start this way (an HTTP request may start with empty lines, but never with a NUL after them;
    /// a TLS record starts with 0x16), so a header the proxy may or may not send is told apart by them.
    package static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// The fixed part: signature, version and command, family, length.
    package static let fixedLength = 16
}
