/// Where a room's players join: the base URLs the host was offered when the room was made (or
/// later), and the one the projector and QR code show. The host's choice, logged with the room
/// (`join_address_set`), so a restart restores it and no later visitor's `Host` header can move it.
package struct RoomJoinAddress: Sendable, Equatable, Codable {
    /// The base URL in use (scheme, host, port; no path): one of `offered`.
    package var url: String
    /// Every base URL the host may pick from, the default first.
    package var offered: [String]

    /// At most this many addresses are kept (a machine with more interfaces offers the first ones).
    package static let maxOffered = 16
    /// Bytes of one base URL.
    package static let maxURLBytes = 512

    package init(url: String, offered: [String]) {
        self.url = url
        self.offered = offered
    }

    /// Why this address cannot be a room's (from a host's command or a line of the log); nil when it can.
    package func problem() -> String? {
        guard !offered.isEmpty, offered.count <= Self.maxOffered else { return "it offers \(offered.count) addresses (1 to \(Self.maxOffered))" }
        for candidate in offered {
            guard candidate.utf8.count <= Self.maxURLBytes else { return "an address is longer than \(Self.maxURLBytes) bytes" }
            guard candidate.hasPrefix("http://") || candidate.hasPrefix("https://") else { return "an address is not http or https" }
            guard candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                return "an address has spaces, control characters or characters outside ASCII"
            }
        }
        guard offered.contains(url) else { return "its address is not one of those offered" }
        return nil
    }
}
