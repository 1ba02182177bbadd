import BuzzerWebSocket
import Glibc

/// Failures of the socket layer, with the errno text where the kernel gave one.
package enum TransportError: Error, CustomStringConvertible, Equatable {
    case invalidConfig(field: String, reason: String)
    case badAddress(String)
    case socketFailed(operation: String, errno: Int32)
    /// The certificate or key in `server.tls` would not load (or OpenSSL failed).
    case tls(String)

    package var description: String {
        switch self {
        case .invalidConfig(let field, let reason): "config field \(field) is invalid: \(reason)"
        case .badAddress(let host): "cannot listen on \(host): not an IPv4 or IPv6 address"
        case .socketFailed(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .tls(let reason): "TLS: \(reason)"
        }
    }
}

/// Why a connection ended; handlers log it, the WebSocket layer maps some to close codes.
package enum ConnectionCloseReason: Sendable, Equatable, CustomStringConvertible {
    /// We closed it (after our own decision, e.g. the close handshake finished).
    case local
    /// The peer closed its side (EOF) or reset the connection.
    case peerClosed
    case reset
    /// The peer stopped reading and our queue passed the high-water mark.
    case slowReader(queuedBytes: Int)
    /// A deadline (handshake, idle, close) passed.
    case timeout
    /// The server is shutting down.
    case shutdown
    case ioError(errno: Int32)
    /// A trusted proxy's PROXY v2 header was malformed: closed without an answer, since the client is unknown.
    case badProxyHeader(ProxyProtocolError)

    package var description: String {
        switch self {
        case .local: "closed locally"
        case .peerClosed: "peer closed the connection"
        case .reset: "peer reset the connection"
        case .slowReader(let queued): "peer stopped reading (\(queued) bytes queued)"
        case .timeout: "timed out"
        case .shutdown: "server shutting down"
        case .ioError(let code): "I/O error: \(String(cString: strerror(code)))"
        case .badProxyHeader(let error): "bad PROXY protocol header: \(error)"
        }
    }
}
