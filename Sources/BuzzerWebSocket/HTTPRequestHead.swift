/// A parsed HTTP/1.1 request line and header section (RFC 9112 §3, §5). The body, if any, is
/// not read: bytes after the head belong to whoever handles the request next.
package struct HTTPRequestHead: Sendable, Equatable {
    package struct Version: Sendable, Equatable, Comparable, CustomStringConvertible {
        package var major: Int
        package var minor: Int

        package init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        package static let http1_0 = Version(major: 1, minor: 0)
        package static let http1_1 = Version(major: 1, minor: 1)

        package static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }

        package var description: String { "HTTP/\(major).\(minor)" }
    }

    package var method: String
    /// The request-target in origin-form (`/ws?x=1`, RFC 9112 §3.2.1). The parser takes nothing else
    /// but absolute-form (`http://host/ws?x=1`, §3.2.2), which it reduces to its path and query.
    package var target: String
    package var version: Version
    package var headers: HTTPHeaders
    /// The `host[:port]` of an absolute-form target; the `Host` header then carries it too, since an
    /// origin server must use it and ignore the `Host` sent (RFC 9112 §3.2.2). nil for origin-form.
    package var authority: String?

    package init(method: String, target: String, version: Version, headers: HTTPHeaders, authority: String? = nil) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.authority = authority
    }

    /// `target` as sent split into the origin-form the head keeps and the authority of an
    /// absolute-form one; nil for any other form: asterisk-form (`*`), authority-form (`host:443`,
    /// for CONNECT), a scheme other than http or https, user info, or a path without its leading
    /// `/` (`*/metrics`, `foo/metrics`), which a proxy's path rules would not see as the path it is.
    package static func originForm(of target: Substring) -> (target: String, authority: String?)? {
        if target.hasPrefix("/") { return (String(target), nil) }
        guard let separator = target.firstRange(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[separator.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end]
        guard WebSocketHandshake.Origin.authority(authority) != nil else { return nil }
        let path = rest[end...]
        return (path.hasPrefix("/") ? String(path) : "/" + path, String(authority))
    }

    /// Whether an absolute-form target names this server: `server.publicURL`'s host, or the address
    /// the connection reached (`localAddress`). Ports are not compared, since a proxy in front may
    /// listen on another. True for origin-form, which names no host.
    package func namesOwnHost(publicURL: String?, localAddress: String?) -> Bool {
        guard let authority else { return true }
        guard let (host, _) = WebSocketHandshake.Origin.authority(Substring(authority)) else { return false }
        if let publicURL, let origin = WebSocketHandshake.Origin(url: publicURL), origin.host == host { return true }
        let literal = host.hasPrefix("[") ? host.dropFirst().dropLast() : Substring(host)
        if let localAddress, let local = IPAddress(localAddress), IPAddress(literal) == local { return true }
        return false
    }

    /// The path of the target without query or fragment; absolute-form targets
    /// (`http://host/ws`, RFC 9112 §3.2.2) are reduced to their path.
    package var path: String {
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let schemeEnd = rest.firstRange(of: "://") {
            rest = rest[schemeEnd.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<end]
        }
        return String(rest)
    }

    /// True when the connection may carry another request after this one is answered (RFC 9112
    /// §9.3): HTTP/1.1 without `Connection: close`, and no request body, because the parser never
    /// reads one and the next request would start somewhere inside it.
    package var allowsKeepAlive: Bool {
        guard version >= .http1_1, !headers.containsToken("close", inHeader: "Connection") else { return false }
        if headers.contains(name: "Transfer-Encoding") { return false }
        let lengths = headers["Content-Length"]
        return lengths.allSatisfy { Substring($0).trimmingHTTPWhitespace() == "0" }
    }

    /// The query string after `?`, if any.
    package var query: String? {
        guard let start = target.firstIndex(of: "?") else { return nil }
        let rest = target[target.index(after: start)...]
        return String(rest.prefix { $0 != "#" })
    }
}
