import Foundation
import Glibc

/// The machine's addresses that phones on the same network can reach: up, not loopback, not
/// link-local (169.254/16, fe80::/10); IPv4 first. `BUZZER_LAN_ADDRESSES` (comma-separated)
/// replaces what the interfaces say, for tests and for networks where the first one is wrong.
enum LANAddresses {
    static func current() -> [String] {
        if let override = ProcessInfo.processInfo.environment["BUZZER_LAN_ADDRESSES"] {
            return override.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let list = first else { return [] }
        defer { freeifaddrs(list) }
        var v4: [String] = [], v6: [String] = []
        for entry in sequence(first: list, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0, let address = entry.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                guard inet_ntop(AF_INET, &ip, &text, socklen_t(text.count)) != nil else { continue }
                let string = Self.string(text)
                if !string.hasPrefix("169.254."), !string.hasPrefix("127."), !v4.contains(string) { v4.append(string) }
            case AF_INET6:
                var ip = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                guard inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count)) != nil else { continue }
                let string = Self.string(text)
                if !string.lowercased().hasPrefix("fe80"), string != "::1", !v6.contains(string) { v6.append(string) }
            default:
                continue
            }
        }
        return v4 + v6
    }

    /// The text `inet_ntop` wrote, up to its terminating zero.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
