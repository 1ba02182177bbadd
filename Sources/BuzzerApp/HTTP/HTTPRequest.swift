import BuzzerWebSocket

/// One plain HTTP request as a route's handler sees it: the head, the whole body (read only up to
/// the route's limit, and never for GET or HEAD), the peer, and the path's `{name}` parameters.
struct HTTPRequest: Sendable {
    let head: HTTPRequestHead
    let body: [UInt8]
    let remoteAddress: String
    let parameters: [String: String]

    var path: String { head.path }

    /// The path's `{name}` segment; "" when the route has no such parameter.
    subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
