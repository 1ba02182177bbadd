import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing
@testable import BuzzerApp

/// Found by the security review: each `sound` toggle from a projector sent the host a
/// `display_sound` (123,000 in 5 s), and a host on a slow link was disconnected 6 s in. Now the
/// projector's reports are gated on its connection (`SoundReportGate`) and the host's count is
/// coalesced with the lobby updates, like the answer count.
@Suite(.serialized)
struct DisplaySoundFloodTests {
    @Test func manySoundReportsBetweenTwoFlushesGiveTheHostOneCountWithTheLastState() throws {
        var harness = try PublisherHarness()
        var timers = 0
        for _ in 0..<10_000 where harness.publisher.displaySoundChanged() { timers += 1 }
        #expect(timers == 1, "one flush is asked for, however many reports")
        let last = DisplaySoundPayload(displays: 2, soundOn: 1)
        let sent = harness.publisher.flush(harness.room, to: harness.attendance, displaySound: last)
        #expect(sent == [Delivery(audience: .host, message: .displaySound(last))])
        // Nothing is pending any more; a console that is not attached gets nothing.
        #expect(harness.publisher.flush(harness.room, to: harness.attendance, displaySound: last).isEmpty)
        harness.hostAttached = false
        _ = harness.publisher.displaySoundChanged()
        #expect(harness.publisher.flush(harness.room, to: harness.attendance, displaySound: last).isEmpty)
    }

    /// A room (and its code) with its host and one projector watching, once the host has counted the projector.
    static func hostAndProjector(lobbyUpdateMilliseconds: Int) throws -> (LiveGameServer, GameClient, GameClient, code: String) {
        let server = try LiveGameServer { $0.rooms.lobbyUpdateMilliseconds = lobbyUpdateMilliseconds }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let code = try #require(try host.next("created")["code"] as? String)
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("watching")
        try host.next(after: ["display_sound"]) { $0["displays"] as? Int == 1 }
        return (server, host, display, code)
    }

    /// 5,001 toggles as fast as the socket takes them: the host gets a few counts per interval of
    /// the flood, not one per toggle, and the last state (on) still arrives.
    @Test func aProjectorsFloodOfSoundTogglesGivesTheHostABoundedNumberOfCounts() throws {
        let interval = 200
        let (server, host, display, code) = try Self.hostAndProjector(lobbyUpdateMilliseconds: interval)
        defer { server.stop() }
        let before = host.received.count

        let started = Date()
        let toggles = 5_001
        for n in 0..<toggles { try display.send(type: "sound", ["on": n % 2 == 0]) }
        // Every toggle is read by the server before the last one's state is looked for.
        try display.send(type: "peek", ["code": code])
        try display.next("room_info")
        let flood = Date().timeIntervalSince(started)
        // Quiet for two intervals: the held report and its flush have both gone out.
        host.drain(quiet: Double(interval) * 2.5 / 1000)
        let counts = host.received[before...].filter { $0["type"] as? String == "display_sound" }
        // At most one from the gate's forward and one per flush, each interval of the flood and the tail.
        let bound = 2 * (Int(flood * 1000) / interval + 3)
        #expect(counts.count <= bound, "\(counts.count) display_sound for \(toggles) toggles in \(flood) s")
        #expect(counts.last?["soundOn"] as? Int == 1, "the last state arrives: \(counts.last ?? [:])")
    }
}
