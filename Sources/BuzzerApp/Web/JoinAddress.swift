import BuzzerGame
import Foundation

/// Where players open the game: the address on the projector, in the QR code and in `joinURL`.
///
/// `server.publicURL` wins. Otherwise the Host the host's browser used when it created the room
/// (never anyone else's: the room logs it, `RoomJoinAddress`), unless that is a loopback
/// name (`localhost`, `127.x.y.z`, `::1`): a phone cannot reach those, so the server's own LAN
/// addresses are offered instead, the first as the default. With several, the host picks one
/// (`join_address`). With none, the loopback address stays and the host console warns.
struct JoinAddress: Equatable, Sendable {
    /// Every base URL offered (scheme, host and port, no trailing slash), the default first.
    let candidates: [String]

    var url: String { candidates[0] }

    /// True when players' phones cannot reach `url`.
    var isLoopback: Bool { Self.isLoopbackHost(Self.host(of: url)) }

    /// The addresses a room logged (`RoomJoinAddress.offered`), as they were.
    init(candidates: [String]) {
        precondition(!candidates.isEmpty, "a join address offers at least one base URL")
        self.candidates = candidates
    }

    /// `requestHost` is the Host header (`name[:port]`); `port` is used when it has none.
    init(publicURL: String?, requestHost: String?, lanAddresses: [String], port: Int, scheme: String = "http") {
        if let publicURL, !publicURL.isEmpty {
            candidates = [publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL]
            return
        }
        let host = requestHost.flatMap(WebAssets.plausibleHost)
        let requestBase = host.map { "\(scheme)://\($0)" }
        if let requestBase, !Self.isLoopbackHost(Self.host(of: requestBase)) {
            candidates = [requestBase]
            return
        }
        let port = host.flatMap(Self.port(of:)) ?? port
        let lan = lanAddresses.map { address in
            "\(scheme)://\(address.contains(":") ? "[\(address)]" : address):\(port)"
        }
        candidates = lan.isEmpty ? [requestBase ?? "\(scheme)://localhost:\(port)"] : lan
    }

    /// The host part of a base URL, brackets removed: `http://[::1]:8080` → `::1`.
    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[rest.index(after: rest.startIndex)..<close]) }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }

    /// The port of a Host header value, if it names one: `localhost:8080` → 8080, `[::1]:80` → 80.
    static func port(of host: String) -> Int? {
        guard let colon = host.lastIndex(of: ":"), !host[host.index(after: colon)...].contains("]") else { return nil }
        if host.hasPrefix("["), !host[..<colon].hasSuffix("]") { return nil }
        return Int(host[host.index(after: colon)...])
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name.hasPrefix("127.") || name == "0.0.0.0"
    }
}

extension RoomJoinAddress {
    /// The room's record of `address`: its default in use, and at most `maxOffered` of its candidates.
    init(_ address: JoinAddress) {
        self.init(url: address.url, offered: Array(address.candidates.prefix(Self.maxOffered)))
    }
}
