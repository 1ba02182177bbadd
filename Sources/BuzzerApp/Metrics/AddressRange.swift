import Glibc

/// One CIDR block (`10.0.0.0/8`, `2001:db8::/32`, or a single address) for deciding who may read
/// `/metrics`. IPv4 addresses seen through an IPv6 socket (`::ffff:10.1.2.3`) match IPv4 blocks.
package struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    private let bytes: [UInt8]
    private let prefix: Int

    package let description: String

    /// nil when `text` is not an address with an optional `/prefix` in range.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.parse(String(parts[0])) else { return nil }
        let width = address.count * 8
        if parts.count == 2 {
            guard let bits = Int(parts[1]), (0...width).contains(bits) else { return nil }
            prefix = bits
        } else {
            prefix = width
        }
        bytes = address
        description = text
    }

    package func contains(_ address: String) -> Bool {
        guard var other = Self.parse(address) else { return false }
        // An IPv4 peer on a dual-stack socket is `::ffff:a.b.c.d`.
        if other.count == 16, bytes.count == 4, other[0..<10].allSatisfy({ $0 == 0 }), other[10] == 0xFF, other[11] == 0xFF {
            other = Array(other[12...])
        }
        guard other.count == bytes.count else { return false }
        var left = prefix
        for index in bytes.indices where left > 0 {
            let bits = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if bytes[index] & mask != other[index] & mask { return false }
            left -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address.
    private static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}
