/// Server side of the RFC 6455 opening handshake (§4.2.1 reading the client's request,
/// §4.2.2 answering it). Pure: a request head in, a decision with response bytes out.
package enum WebSocketHandshake {
    /// RFC 6455 §1.3: appended to the client's key before hashing.
    package static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The only version we speak (RFC 6455 §4.4).
    package static let version = "13"

    /// Sec-WebSocket-Accept = base64(SHA-1(key + GUID)) (RFC 6455 §4.2.2 step 5.4).
    package static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1Digest.hash(Array((key + acceptGUID).utf8)))
    }

    /// Decides what to do with a request head. Checks run in this order so the most useful
    /// status wins: not an upgrade -> `.notWebSocket`; method 405; HTTP version 400; path 404;
    /// `Connection: upgrade` 400; `Sec-WebSocket-Version` 426; key 400; body 400; origin 403.
    package static func evaluate(_ head: HTTPRequestHead, policy: HandshakePolicy) -> HandshakeDecision {
        let headers = head.headers
        // §4.2.1 item 3: Upgrade must contain "websocket". Without it this is ordinary HTTP.
        guard headers.containsToken("websocket", inHeader: "Upgrade") else { return .notWebSocket }

        // §4.2.1 item 1: GET only.
        guard head.method == "GET" else {
            return .reject(.error(status: 405, message: "WebSocket upgrade requires GET", headers: HTTPHeaders([("Allow", "GET")])))
        }
        guard head.version >= .http1_1 else {
            return reject(400, "WebSocket upgrade requires HTTP/1.1")
        }
        if let paths = policy.paths, !paths.contains(head.path) {
            return reject(404, "no WebSocket endpoint at this path")
        }
        // §4.2.1 item 4: Connection is a token list that must contain "Upgrade".
        guard headers.containsToken("upgrade", inHeader: "Connection") else {
            return reject(400, "Connection header must contain upgrade")
        }
        // §4.2.1 item 6 and §4.2.2 step 4: unsupported or missing version -> 426 naming ours.
        let versions = headers["Sec-WebSocket-Version"]
        guard versions.count == 1, versions[0] == version else {
            var extra = HTTPHeaders([("Sec-WebSocket-Version", version), ("Upgrade", "websocket")])
            extra.add(name: "Connection", value: "Upgrade, close")
            return .reject(.error(status: 426, message: "unsupported WebSocket version; use 13", headers: extra))
        }
        // §4.2.1 item 5: one key, base64 of exactly 16 bytes.
        let keys = headers["Sec-WebSocket-Key"]
        guard keys.count == 1, let nonce = Base64.decode(keys[0]), nonce.count == 16 else {
            return reject(400, "Sec-WebSocket-Key must be base64 of 16 bytes")
        }
        // A body would be mistaken for frames.
        if headers.contains(name: "Transfer-Encoding") || headers["Content-Length"].contains(where: { $0 != "0" }) {
            return reject(400, "WebSocket upgrade request must not have a body")
        }
        // §4.2.1 item 7 / §10.2: only listed browser origins. A request without Origin is not
        // from a browser (browsers always send it), so the allowlist cannot protect anything there.
        if !policy.allowedOrigins.isEmpty {
            let origins = headers["Origin"]
            if origins.count > 1 { return reject(403, "origin not allowed") }
            if let origin = origins.first, !isAllowed(origin: origin, allowed: policy.allowedOrigins) {
                return reject(403, "origin not allowed")
            }
        }

        let subprotocol = selectSubprotocol(offered: headers.listElements(name: "Sec-WebSocket-Protocol"), supported: policy.subprotocols)
        let deflate = PerMessageDeflateNegotiation.negotiate(offers: headers["Sec-WebSocket-Extensions"], config: policy.compression)

        // §4.2.2 step 5.
        var responseHeaders = HTTPHeaders([
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", acceptValue(forKey: keys[0])),
        ])
        if let subprotocol { responseHeaders.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
        if let deflate { responseHeaders.add(name: "Sec-WebSocket-Extensions", value: deflate.responseHeader) }
        let response = HTTPResponse(status: 101, headers: responseHeaders)
        return .upgrade(response: response.serialized(), subprotocol: subprotocol, deflate: deflate?.parameters)
    }

    /// Server preference order: the first of our protocols the client offered (§4.2.2 step 5.4
    /// lets the server choose). No match -> no Sec-WebSocket-Protocol header; the client decides
    /// whether to continue. Names compare exactly (they are case-sensitive tokens).
    package static func selectSubprotocol(offered: [String], supported: [String]) -> String? {
        supported.first { offered.contains($0) }
    }

    /// Compares scheme, host and port case-insensitively, treating default ports as absent.
    package static func isAllowed(origin: String, allowed: [String]) -> Bool {
        guard let origin = normalizedOrigin(origin) else { return false }
        return allowed.contains { normalizedOrigin($0) == origin }
    }

    /// `scheme://host[:port]` lowercased without a default port or trailing slash; nil for
    /// "null" and anything without a scheme.
    static func normalizedOrigin(_ text: String) -> String? {
        var value = text.lowercased()
        while value.hasSuffix("/") { value.removeLast() }
        guard let separator = value.firstRange(of: "://") else { return nil }
        let scheme = String(value[..<separator.lowerBound])
        var authority = String(value[separator.upperBound...])
        guard !scheme.isEmpty, !authority.isEmpty, !authority.contains("/") else { return nil }
        let defaultPort = switch scheme {
        case "http", "ws": ":80"
        case "https", "wss": ":443"
        default: ""
        }
        if !defaultPort.isEmpty && authority.hasSuffix(defaultPort) {
            authority.removeLast(defaultPort.count)
        }
        return scheme + "://" + authority
    }

    private static func reject(_ status: Int, _ message: String) -> HandshakeDecision {
        .reject(.error(status: status, message: message))
    }
}
