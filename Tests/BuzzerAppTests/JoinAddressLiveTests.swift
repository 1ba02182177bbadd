import BuzzerApp
import BuzzerGame
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

    /// Found by the security review: after a restart, the first client to reach a recovered room set
    /// its join address from its own Host header, so a `watch` with `Host: evil.example` moved the
    /// projector, the host console and the QR code there. The address is the host's, from the log.
    @Test func aStrangersHostHeaderCannotMoveARecoveredRoomsJoinAddress() throws {
        let first = try LiveGameServer()
        let host = try GameClient(port: first.port, host: "quiz.crown.example:8080")
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        let token = try #require(created["hostToken"] as? String)
        let home = "http://quiz.crown.example:8080/join/\(code)"
        #expect(created["joinURL"] as? String == home)
        // Logged with the room, before the host was told the code.
        #expect(try first.loggedEvents(of: code).contains { if case .joinAddressSet(let e) = $0 { e.url == "http://quiz.crown.example:8080" } else { false } })
        first.stop()

        let second = try LiveGameServer(archiveDirectory: first.archiveDirectory)
        defer { second.stop() }
        let stranger = try GameClient(port: second.port, host: "evil.example")
        try stranger.send(type: "watch", ["code": code])
        #expect(try stranger.next("watching")["joinURL"] as? String == home)
        #expect(try Self.qrCode(port: second.port, code: code).contains(home))
        #expect(try !Self.qrCode(port: second.port, code: code).contains("evil.example"))

        let back = try GameClient(port: second.port, host: "evil.example")
        try back.send(type: "host", ["code": code, "token": token])
        let hosting = try back.next("hosting")
        #expect(hosting["joinURL"] as? String == home)
        #expect(hosting["joinAddresses"] as? [String] == ["http://quiz.crown.example:8080"])
        try back.send(type: "join_address", ["url": "http://evil.example"])
        #expect(try back.next("error")["code"] as? String == "unknown_address")
    }

    /// The host's later pick is logged too: a restart keeps the players' address where the host put it.
    @Test func theHostsPickedAddressSurvivesARestart() throws {
        setenv("BUZZER_LAN_ADDRESSES", "10.9.8.7,192.168.50.2", 1)
        defer { unsetenv("BUZZER_LAN_ADDRESSES") }
        let first = try LiveGameServer { $0.server.host = "0.0.0.0" }
        let port = first.port
        let host = try GameClient(port: port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        try host.send(type: "join_address", ["url": "http://192.168.50.2:\(port)"])
        try host.next("ok")
        #expect(eventually { ((try? first.loggedEvents(of: code)) ?? []).contains { if case .joinAddressSet(let e) = $0 { e.url.hasPrefix("http://192.168.50.2") } else { false } } })
        first.stop()

        // Another machine's addresses now: the room still offers and shows what the host was offered and picked.
        setenv("BUZZER_LAN_ADDRESSES", "172.16.0.9", 1)
        let second = try LiveGameServer(archiveDirectory: first.archiveDirectory) { $0.server.host = "0.0.0.0" }
        defer { second.stop() }
        let display = try GameClient(port: second.port)
        try display.send(type: "watch", ["code": code])
        #expect(try display.next("watching")["joinURL"] as? String == "http://192.168.50.2:\(port)/join/\(code)")
    }

    static func qrCode(port: Int, code: String) throws -> String {
        let (status, svg) = try TestWebSocketClient.httpGet(port: port, path: "/qr/\(code).svg")
        #expect(status == 200)
        return svg
    }
}
