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
    /// The request-target exactly as sent (origin-form `/ws?x=1`, or absolute-form).
    package var target: String
    package var version: Version
    package var headers: HTTPHeaders

    package init(method: String, target: String, version: Version, headers: HTTPHeaders) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
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
