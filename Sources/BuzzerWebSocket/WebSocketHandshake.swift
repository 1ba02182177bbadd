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
        // §4.2.1 item 7 / §10.2: a browser's page must be this server's own, or listed. A request
        // without Origin is not from a browser (browsers always send it): nothing to protect there.
        if !policy.acceptsAnyOrigin {
            let origins = headers["Origin"], hosts = headers["Host"]
            if origins.count > 1 { return reject(403, "origin not allowed") }
            if let origin = origins.first,
               !isSameOrigin(origin, host: hosts.count == 1 ? hosts[0] : nil), !isAllowed(origin: origin, allowed: policy.allowedOrigins) {
                return reject(403, "origin not allowed: a page from another site may not open this server's WebSocket")
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

    /// Whether `origin` is one of `allowed`: scheme, host and port compared case-insensitively, with
    /// default ports normalised. An entry may be a whole URL (`server.publicURL`): its path is ignored.
    package static func isAllowed(origin: String, allowed: [String]) -> Bool {
        guard let origin = Origin(header: origin) else { return false }
        return allowed.contains { Origin(url: $0) == origin }
    }

    /// Whether `origin` names the server the request was sent to: the host of its `Host` header, and
    /// the same port (a `Host` without a port means the origin's default one). The scheme is not
    /// compared: behind a TLS proxy the server sees plain http for an https page of its own.
    package static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let origin = Origin(header: origin), origin.defaultPort != nil,
              let host, let target = Origin.authority(Substring(host)) else { return false }
        return origin.host == target.host && origin.port == (target.port ?? origin.defaultPort)
    }

    /// An origin (RFC 6454 §6.1, `scheme://host[:port]`) lowercased, with its port made explicit
    /// where the scheme has a default. `null` and anything malformed have none.
    struct Origin: Equatable {
        var scheme: String
        var host: String
        var port: Int?

        /// 80 for http and ws, 443 for https and wss; nil for other schemes.
        var defaultPort: Int? {
            switch scheme {
            case "http", "ws": 80
            case "https", "wss": 443
            default: nil
            }
        }

        /// An `Origin` header: nothing after the authority but one optional `/`.
        init?(header: String) {
            var text = Substring(header)
            if text.hasSuffix("/") { text.removeLast() }
            guard let (scheme, authority) = Self.split(text), !authority.contains("/") else { return nil }
            self.init(scheme: scheme, authority: authority)
        }

        /// A configured origin or URL: any path, query or fragment after the authority is ignored.
        init?(url: String) {
            guard let (scheme, rest) = Self.split(Substring(url)) else { return nil }
            self.init(scheme: scheme, authority: rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        }

        private init?(scheme: String, authority: Substring) {
            guard let (host, port) = Self.authority(authority) else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
            if port == nil { self.port = defaultPort }
        }

        private static func split(_ text: Substring) -> (scheme: String, rest: Substring)? {
            guard let separator = text.firstRange(of: "://") else { return nil }
            let scheme = text[..<separator.lowerBound].lowercased()
            guard let first = scheme.first, first.isASCII, first.isLetter,
                  scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
            return (scheme, text[separator.upperBound...])
        }

        /// `host[:port]` or `[v6]:port`, as in a `Host` header (RFC 9110 §7.2): the host lowercased,
        /// the port if given. nil for user info, a bare IPv6 address, a bad port, or other stray characters.
        static func authority(_ text: Substring) -> (host: String, port: Int?)? {
            let host: Substring, rest: Substring
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                host = text[...close]
                rest = text[text.index(after: close)...]
                guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            } else {
                let colon = text.firstIndex(of: ":")
                host = text[..<(colon ?? text.endIndex)]
                rest = text[(colon ?? text.endIndex)...]
                guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }) else { return nil }
            }
            guard !host.isEmpty else { return nil }
            guard !rest.isEmpty else { return (host.lowercased(), nil) }
            let digits = rest.dropFirst()
            guard rest.first == ":", !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let port = Int(digits), port <= 65535 else { return nil }
            return (host.lowercased(), port)
        }
    }

    private static func reject(_ status: Int, _ message: String) -> HandshakeDecision {
        .reject(.error(status: status, message: message))
    }
}
