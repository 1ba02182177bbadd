import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing
@testable import BuzzerApp

/// Projector pages are bounded per room and per address, and cost the log nothing.
@Suite(.serialized)
struct DisplayQuotaTests {
    @Test func aRoomAndAnAddressEachTakeAtMostTheirDisplays() {
        var quota = DisplayQuota(perRoom: 2, perAddress: 3)
        #expect(quota.take(room: "A", address: "10.0.0.1") == nil)
        #expect(quota.take(room: "A", address: "10.0.0.2") == nil)
        #expect(quota.take(room: "A", address: "10.0.0.3") == .roomFull(max: 2))
        #expect(quota.take(room: "B", address: "10.0.0.1") == nil)
        #expect(quota.take(room: "C", address: "10.0.0.1") == nil)
        #expect(quota.take(room: "D", address: "10.0.0.1") == .addressFull(max: 3))
        quota.giveBack(room: "B", address: "10.0.0.1")
        #expect(quota.take(room: "D", address: "10.0.0.1") == nil)
        for (room, address) in [("A", "10.0.0.1"), ("A", "10.0.0.2"), ("C", "10.0.0.1"), ("D", "10.0.0.1")] {
            quota.giveBack(room: room, address: address)
        }
        #expect(quota.count(room: "A") == 0)
        #expect(quota.trackedAddresses == 0)
    }

    /// Found by the security review: each watch logged `display_connected` and
    /// `display_disconnected` with an fsync, without a cap: 2,000 watches added 337 KB.
    @Test func watchesAreCappedAndLogNothingWhileThePodiumStillReachesTheProjector() throws {
        let server = try LiveGameServer {
            $0.rooms.maxDisplaysPerRoom = 3
            $0.rooms.maxDisplaysPerAddress = 4
        }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let code = try #require(try host.next("created")["code"] as? String)
        let other = try GameClient(port: server.port)
        try other.send(type: "create", ["questions": LiveGameServer.pack])
        let otherCode = try #require(try other.next("created")["code"] as? String)
        let logged = try server.loggedEvents(of: code).count

        // Fifty projectors come and go: none is logged.
        for _ in 0..<50 {
            let display = try GameClient(port: server.port)
            try display.send(type: "watch", ["code": code])
            try display.next("watching")
        }
        var screens: [GameClient] = []
        for _ in 0..<3 {
            let display = try GameClient(port: server.port)
            try display.send(type: "watch", ["code": code])
            try display.next("watching")
            screens.append(display)
        }
        let extra = try GameClient(port: server.port)
        #expect(try extra.expectError(after: ["type": "watch", "code": code]) == "too_many_displays")
        let fourth = try GameClient(port: server.port)
        try fourth.send(type: "watch", ["code": otherCode])
        try fourth.next("watching")
        #expect(try extra.expectError(after: ["type": "watch", "code": otherCode]) == "too_many_displays")

        // One closes: its slot comes back.
        screens.removeLast().drop()
        #expect(eventually {
            guard let retry = try? GameClient(port: server.port), (try? retry.send(type: "watch", ["code": code])) != nil,
                  let reply = try? retry.next(after: ["watching", "error"]) else { return false }
            if reply["type"] as? String == "watching" { screens.append(retry); return true }
            return false
        })

        // The game plays to its podium, and the projectors see it.
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "end")
        for screen in screens { try screen.next("ended") }
        #expect(eventually { (try? server.loggedEvents(of: code).last?.type) == "room_ended" })
        let types = try server.loggedEvents(of: code).map(\.type)
        #expect(!types.contains("display_connected") && !types.contains("display_disconnected"), "\(types)")
        #expect(types.count == logged + 2, "\(types)")
    }
}
