import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Glibc
import Testing

/// A host console opened on localhost must not send the players there: the room offers the
/// server's LAN addresses, the host may pick another, and the projector and QR code follow.
@Suite(.serialized)
struct JoinAddressLiveTests {
    @Test func aConsoleOnLocalhostSendsPlayersToALANAddressTheHostMayChange() throws {
        setenv("BUZZER_LAN_ADDRESSES", "10.9.8.7,192.168.50.2", 1)
        defer { unsetenv("BUZZER_LAN_ADDRESSES") }
        let server = try LiveGameServer { $0.server.host = "0.0.0.0" }
        defer { server.stop() }
        let port = server.port

        let host = try GameClient(port: port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        #expect(created["joinURL"] as? String == "http://10.9.8.7:\(port)/join/\(code)")
        #expect(created["joinAddresses"] as? [String] == ["http://10.9.8.7:\(port)", "http://192.168.50.2:\(port)"])
        #expect(try Self.qrCode(port: port, code: code).contains("http://10.9.8.7:\(port)/join/\(code)"))

        let display = try GameClient(port: port)
        try display.send(type: "watch", ["code": code])
        #expect(try display.next("watching")["joinURL"] as? String == "http://10.9.8.7:\(port)/join/\(code)")

        // Only an offered address is taken, and only from the host.
        try host.send(type: "join_address", ["url": "http://evil.example:80"])
        #expect(try host.next("error")["code"] as? String == "unknown_address")
        try display.send(type: "join_address", ["url": "http://192.168.50.2:\(port)"])
        #expect(try display.next("error")["code"] as? String == "not_host")

        try host.send(type: "join_address", ["url": "http://192.168.50.2:\(port)"])
        try host.next("ok")
        let moved = "http://192.168.50.2:\(port)/join/\(code)"
        #expect(try host.next("join_address")["joinURL"] as? String == moved)
        #expect(try display.next("join_address")["joinURL"] as? String == moved)
        #expect(try Self.qrCode(port: port, code: code).contains(moved))

        // A console reopened elsewhere keeps the players' address.
        let token = try #require(created["hostToken"] as? String)
        let again = try GameClient(port: port)
        try again.send(type: "host", ["code": code, "token": token])
        let hosting = try again.next("hosting")
        #expect(hosting["joinURL"] as? String == moved)
    }

    static func qrCode(port: Int, code: String) throws -> String {
        let (status, svg) = try TestWebSocketClient.httpGet(port: port, path: "/qr/\(code).svg")
        #expect(status == 200)
        return svg
    }
}
