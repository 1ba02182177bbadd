/// One CIDR block (`10.0.0.0/8`, `2001:db8::/32`, or a single address): who may read `/metrics`
/// (`metrics.allowFrom`) and which peers are proxies whose word on the client's address is taken
/// (`server.trustedProxies`). IPv4 addresses seen through an IPv6 socket (`::ffff:10.1.2.3`) match
/// IPv4 blocks, since `IPAddress` keeps them as IPv4.
package struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    private let network: IPAddress
    private let prefix: Int

    package let description: String

    /// nil when `text` is not an address with an optional `/prefix` in range.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.parse(parts[0]) else { return nil }
        let width = address.count * 8
        var bits = width
        if parts.count == 2 {
            guard parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let given = Int(parts[1]), (0...width).contains(given) else { return nil }
            bits = given
        }
        guard let network = IPAddress(bytes: address) else { return nil }
        // `::ffff:10.0.0.0/104` is the IPv4 block 10.0.0.0/8.
        if network.isIPv4, address.count == 16 {
            guard bits >= 96 else { return nil }
            bits -= 96
        }
        self.network = network
        prefix = bits
        description = text
    }

    package func contains(_ address: String) -> Bool {
        IPAddress(address).map(contains) ?? false
    }

    package func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var left = prefix
        for index in network.bytes.indices where left > 0 {
            let bits = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if network.bytes[index] & mask != address.bytes[index] & mask { return false }
            left -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of the literal as written (before an IPv4-mapped one is shortened).
    private static func parse(_ text: Substring) -> [UInt8]? {
        guard let address = IPAddress(text) else { return nil }
        if address.isIPv4, text.contains(":") { return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + address.bytes }
        return address.bytes
    }
}
