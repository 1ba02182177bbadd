/// Why an HTTP request head was refused; each case maps to the status the server answers with
/// before closing the connection.
package enum HTTPParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The head grew past `maxHeaderBytes` (RFC 6585 §5: 431).
    case headerTooLarge(limit: Int)
    /// More than `maxHeaderCount` header fields (431).
    case tooManyHeaders(limit: Int)
    /// Not `method SP request-target SP HTTP-version` (RFC 9112 §3).
    case invalidRequestLine
    /// A request-target that is neither a path starting with `/` (origin-form) nor `http://host/path`
    /// (absolute-form): `*`, `*/metrics`, `foo/metrics`, `host:443` (RFC 9112 §3.2).
    case invalidTarget
    /// A PROXY protocol header where a request should start: v2 (its signature) from a peer that is
    /// not in `server.trustedProxies`, whose claim about the client is not taken, or v1 (`PROXY `),
    /// which is not read at all.
    case proxyHeader
    /// A header line without a valid token name and colon, whitespace before the colon
    /// (RFC 9112 §5.1) or a control character in the value (RFC 9110 §5.5).
    case invalidHeader
    /// A header line starting with whitespace: obsolete line folding (RFC 9112 §5.2).
    case obsoleteLineFolding
    /// A CR not followed by LF (RFC 9112 §2.2).
    case bareCarriageReturn
    /// HTTP/1.1 without exactly one Host field, or several Host fields (RFC 9112 §3.2).
    case invalidHost
    /// A major version other than 1 (RFC 9110 §15.6.6: 505).
    case unsupportedVersion
    /// A TLS record where a request line should start: a browser that tried `https://` on the plain
    /// port. Closed without a response, which a TLS client could not read anyway.
    case tlsHandshake

    /// The HTTP status code to answer with.
    package var status: Int {
        switch self {
        case .headerTooLarge, .tooManyHeaders: 431
        case .unsupportedVersion: 505
        case .invalidRequestLine, .invalidTarget, .proxyHeader, .invalidHeader, .obsoleteLineFolding, .bareCarriageReturn, .invalidHost, .tlsHandshake: 400
        }
    }

    package var description: String {
        switch self {
        case .headerTooLarge(let limit): "request header section exceeds \(limit) bytes"
        case .tooManyHeaders(let limit): "more than \(limit) header fields"
        case .invalidRequestLine: "malformed request line"
        case .invalidTarget: "the request target must be a path starting with / (or http://host/path naming this server)"
        case .proxyHeader: "a PROXY protocol header is read only in version 2 (send-proxy-v2) and only from an address in server.trustedProxies"
        case .invalidHeader: "malformed header field"
        case .obsoleteLineFolding: "obsolete header line folding is not accepted"
        case .bareCarriageReturn: "bare CR in request head"
        case .invalidHost: "HTTP/1.1 requests need exactly one Host header"
        case .unsupportedVersion: "only HTTP/1.x is supported"
        case .tlsHandshake: "a TLS handshake on the plain HTTP port (use http://, or put TLS in front of the server)"
        }
    }

    /// The error response to send before closing; nil when the peer does not speak HTTP at all.
    package var response: HTTPResponse? {
        self == .tlsHandshake ? nil : HTTPResponse.error(status: status, message: description)
    }
}
