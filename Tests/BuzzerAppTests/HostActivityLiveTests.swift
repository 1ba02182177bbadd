import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// Issue 39, finding 2, over loopback: a host connection's commands are rationed, a room's caps
/// answer `limit_reached`, and a room whose log is over the replay budget is quarantined at the
/// next start while every other room comes back.
@Suite(.serialized)
struct HostActivityLiveTests {
    /// A room with one seated player; returns the host's connection, the code and the player's id.
    private func roomWithAPlayer(_ server: LiveGameServer) throws -> (GameClient, String, Int) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        let player = try #require(try ada.next("joined")["player"] as? Int)
        return (host, code, player)
    }

    @Test func hostCommandsPastTheConnectionsRateAreRefusedAndNotLogged() throws {
        let server = try LiveGameServer {
            $0.rooms.hostCommandBurst = 3
            $0.rooms.hostCommandsPerMinute = 1
        }
        defer { server.stop() }
        let (host, code, player) = try roomWithAPlayer(server)
        for delta in [1, 2, 3] {
            try host.send(type: "adjust", ["player": player, "delta": delta, "reason": "quick"])
            try host.next("ok")
        }
        try host.send(type: "adjust", ["player": player, "delta": 4, "reason": "one too fast"])
        let error = try host.next("error")
        #expect(error["code"] as? String == "rate_limited")
        #expect(error["request"] as? String == "adjust")
        #expect((error["message"] as? String)?.contains("host commands") == true, "\(error)")
        // Another host command is refused the same way; nothing of either reached the log.
        #expect(try host.expectError(after: ["type": "lock"]) == "rate_limited")
        server.stop()  // the log synced and closed: everything that was logged is in the file
        let logged = try server.loggedEvents(of: code)
        #expect(logged.filter { if case .scoreAdjusted = $0 { true } else { false } }.count == 3)
        #expect(!logged.contains { if case .roomLockChanged = $0 { true } else { false } })
    }

    @Test func anAdjustPastTheRoomsCapIsRefusedWithLimitReached() throws {
        let server = try LiveGameServer { $0.game.hostLimits.scoreAdjustments = 2 }
        defer { server.stop() }
        let (host, code, player) = try roomWithAPlayer(server)
        for delta in [5, -5] {
            try host.send(type: "adjust", ["player": player, "delta": delta, "reason": "fine"])
            try host.next("ok")
        }
        try host.send(type: "adjust", ["player": player, "delta": 7, "reason": "past the cap"])
        let error = try host.next("error")
        #expect(error["code"] as? String == "limit_reached")
        #expect((error["message"] as? String)?.contains("game.hostLimits.scoreAdjustments") == true, "\(error)")
        server.stop()
        let adjusted = try server.loggedEvents(of: code).filter { if case .scoreAdjusted = $0 { true } else { false } }
        #expect(adjusted.count == 2)
    }

    @Test func aRoomOverTheReplayBudgetIsQuarantinedAndTheOthersRecover() throws {
        let first = try LiveGameServer { $0.rooms.hostCommandBurst = 10_000 }
        let (spammer, spammed, player) = try roomWithAPlayer(first)
        let (_, healthy, _) = try roomWithAPlayer(first)
        // 1,000 adjustments (the default cap): with its creation and join, the room's log passes 1,000 events.
        for index in 0..<1000 { try spammer.send(type: "adjust", ["player": player, "delta": 1, "reason": "spam \(index)"]) }
        for _ in 0..<1000 { try spammer.next("ok") }
        first.stop()
        defer { try? FileManager.default.removeItem(atPath: first.archiveDirectory) }

        var config = first.config
        config.rooms.maxReplayEvents = 1000
        var steps: [String] = []
        let second = try GameServer(config: config, startup: { _, status in steps.append(status) })
        #expect(second.recovery.restoredRooms == [healthy])
        let reason = try #require(second.recovery.quarantinedRooms[spammed])
        #expect(reason.contains("rooms.maxReplayEvents"), "\(reason)")
        // systemd heard of each step before it began: the log's scan, then the one room replayed.
        #expect(steps.first == "reading the game log")
        #expect(steps.count == 2 && steps[1].hasPrefix("recovering room 1 of 1"), "\(steps)")
        second.archive.close()
    }
}
