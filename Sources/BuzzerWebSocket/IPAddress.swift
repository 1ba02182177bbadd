import Glibc

/// An IPv4 or IPv6 address as its 4 or 16 bytes in network order. An IPv4 address seen through an
/// IPv6 socket (`::ffff:10.1.2.3`, RFC 4291 §2.5.5.2) is kept as the IPv4 address, so a client has one
/// spelling whichever socket, proxy or header it came through: the per-address limits key on it.
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6).
    package let bytes: [UInt8]

    /// nil unless `bytes` holds exactly 4 or 16 bytes.
    package init?(bytes: some Collection<UInt8>) {
        let all = Array(bytes)
        switch all.count {
        case 4:
            self.bytes = all
        case 16:
            self.bytes = Self.isIPv4Mapped(all) ? Array(all[12...]) : all
        default:
            return nil
        }
    }

    /// An address literal such as `192.0.2.7` or `2001:db8::1` (no brackets, no port, no zone); nil for
    /// anything else, names included.
    package init?(_ text: some StringProtocol) {
        let text = String(text)
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    package var isIPv4: Bool { bytes.count == 4 }

    /// Dotted decimal, or RFC 5952's canonical IPv6 text (`inet_ntop`).
    package var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        bytes.withUnsafeBytes { _ = inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isIPv4Mapped(_ bytes: [UInt8]) -> Bool {
        bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }
}
