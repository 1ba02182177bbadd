import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing

/// The figures in docs/performance.md ("Floods from a projector and a guest"), each a flood of a
/// few seconds over loopback from one address at the shipped limits. Off unless
/// `BUZZER_FLOOD_FIGURES=1`: they print what they measured, and only check what the quick tests
/// check (`DisplaySoundFloodTests`, `PhantomSeatsLiveTests`) with the bound stretched to the time.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["BUZZER_FLOOD_FIGURES"] == "1"))
struct FloodFiguresLiveTests {
    static let seconds = 5.0

    @Test func aProjectorTogglingItsSoundFor5SecondsGivesTheHostAFewCountsASecond() throws {
        let (server, host, display, code) = try DisplaySoundFloodTests.hostAndProjector(lobbyUpdateMilliseconds: RoomsConfig().lobbyUpdateMilliseconds)
        defer { server.stop() }
        let before = host.received.count, started = Date()
        var toggles = 0
        while Date().timeIntervalSince(started) < Self.seconds {
            try display.send(type: "sound", ["on": toggles % 2 == 0])
            toggles += 1
        }
        try display.send(type: "peek", ["code": code])
        try display.next("room_info")
        let elapsed = Date().timeIntervalSince(started)
        host.drain(quiet: 0.8)
        let counts = host.received[before...].filter { $0["type"] as? String == "display_sound" }
        print("flood figure: \(toggles) sound toggles in \(String(format: "%.1f", elapsed)) s gave the host \(counts.count) display_sound")
        #expect(counts.count <= 2 * (Int(elapsed * 1000) / RoomsConfig().lobbyUpdateMilliseconds + 3))
        #expect(counts.last?["soundOn"] as? Int == (toggles % 2 == 1 ? 1 : 0))
    }

    @Test func aGuestJoiningAndLeavingFor15SecondsGetsItsBurstAndAFewSeats() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let code = try #require(try host.next("created")["code"] as? String)
        let started = Date()
        var (joins, seated) = (0, 0)
        while Date().timeIntervalSince(started) < 3 * Self.seconds {
            joins += 1
            let ghost = try GameClient(port: server.port)
            try ghost.send(type: "join", ["code": code, "nickname": "Ghost \(joins)", "team": "Team \(joins)"])
            guard try ghost.next(after: ["joined", "error"])["type"] as? String == "joined" else { continue }
            seated += 1
            try ghost.send(type: "leave")
            try ghost.next("ok")
        }
        let elapsed = Date().timeIntervalSince(started), rooms = RoomsConfig()
        print("flood figure: \(joins) joins in \(String(format: "%.1f", elapsed)) s from one address seated \(seated) (the rest rate_limited)")
        #expect(seated <= rooms.joinBurst + Int(elapsed / 60 * Double(rooms.joinsPerMinute)) + 1)
    }
}
