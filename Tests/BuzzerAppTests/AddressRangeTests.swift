@testable import BuzzerApp
import BuzzerTestSupport
import BuzzerWebSocket
import Foundation
import Testing

/// Who may read /metrics: CIDR blocks, IPv4 and IPv6, and IPv4 peers seen on a dual-stack socket.
@Suite struct AddressRangeTests {
    @Test func blocksMatchTheirAddressesOnly() throws {
        let lan = try #require(AddressRange("10.0.0.0/8"))
        #expect(lan.contains("10.200.3.4"))
        #expect(!lan.contains("11.0.0.1"))
        #expect(lan.contains("::ffff:10.1.2.3"), "an IPv4 peer on an IPv6 socket")
        let one = try #require(AddressRange("192.168.1.20"))
        #expect(one.contains("192.168.1.20") && !one.contains("192.168.1.21"))
        let six = try #require(AddressRange("fd00::/8"))
        #expect(six.contains("fd12:3456::1") && !six.contains("fe80::1"))
        #expect(AddressRange("::1/128")?.contains("::1") == true)
        #expect(AddressRange("0.0.0.0/0")?.contains("203.0.113.9") == true)
        for bad in ["10.0.0.0/33", "localhost", "10.0.0/8", "::1/129", ""] { #expect(AddressRange(bad) == nil, "\(bad)") }
    }

    @Test func aBadBlockInConfigIsNamed() {
        let json = #"{"allowFrom":["127.0.0.1","10.0.0.0/99"]}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(MetricsConfig.self, from: Data(json.utf8)) }
        #expect(MetricsConfig().ranges.contains { $0.contains("127.0.0.1") })
    }

    @Test func metricsAreRefusedToAddressesOutsideAllowFrom() throws {
        let server = try LiveGameServer { $0.metrics.allowFrom = ["10.0.0.0/8"] }
        defer { server.stop() }
        let refused = try TestWebSocketClient.httpGet(port: server.port, path: "/metrics")
        #expect(refused.status == 403)
        #expect(refused.body.contains("10.0.0.0/8"))
        let open = try LiveGameServer()
        defer { open.stop() }
        #expect(try TestWebSocketClient.httpGet(port: open.port, path: "/metrics").status == 200, "loopback scrapes by default")
    }
}
