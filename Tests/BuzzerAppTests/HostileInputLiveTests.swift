import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// The values a hostile player tried against a default `buzzer serve` (docs/threat-model.md,
/// "Hostile values"): each is refused with an error, nothing is logged, and the server stays up.
@Suite(.serialized)
struct HostileInputLiveTests {
    /// `create` with a host-away grace near 2^63 used to be logged, then trapped the process in
    /// `Room.dueTimer()` when the host left, and again in recovery at every restart.
    @Test func aHugeRoomSettingIsRefusedBeforeAnythingIsLogged() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }

        for setting in ["hostAwayGraceMs", "autoRevealDelayMs", "autoAdvanceDelayMs", "leaderboardDelayMs", "resumeGraceMs"] {
            let host = try GameClient(port: server.port)
            try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken, "settings": [setting: 9_223_372_036_854_774_784]])
            let error = try host.next("error")
            #expect(error["code"] as? String == "invalid_settings")
            #expect((error["message"] as? String)?.contains("\(setting) must be 0-") == true, "\(error)")
            host.drop()
        }
        // Still serving, and the log holds no room.
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        #expect(try CrashRecoveryTests.roomsCreated(in: directory + "/log") == [code])
    }

    /// −2^63 in an integer field trapped in `abs()` while the message was read, from a connection
    /// with no room and no role, and cut off every room on the server.
    @Test func theSmallestIntegerInAnyFieldIsABadMessage() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }
        let client = try GameClient(port: server.port)
        let min = "-9223372036854775808"
        for text in [
            #"{"type":"kick","player":\#(min)}"#,
            #"{"type":"answer","question":0,"answer":{"kind":"choice","option":\#(min)}}"#,
            #"{"type":"wager","question":0,"amount":\#(min)}"#,
            #"{"type":"adjust","player":1,"delta":\#(min),"reason":"x"}"#,
            #"{"type":"tiebreak_answer","value":-1.7976931348623157e308}"#,
        ] {
            try client.socket.send(text: text)
            let error = try client.next("error")
            #expect(error["code"] as? String == "bad_message", "\(text): \(error)")
        }
        // The same connection still works, so nothing crashed.
        try client.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try client.next("created")
    }

    /// A room whose log cannot be replayed is left out with a clear reason, and the server comes up
    /// with every other room and takes new ones (Tests/BuzzerAppTests/Fixtures/poisoned-archive holds
    /// the line the crash above wrote, beside a healthy room).
    @Test func aPoisonedRoomIsQuarantinedAndEveryOtherRoomRecovers() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixture = LiveGameServer.packageRoot + "/Tests/BuzzerAppTests/Fixtures/poisoned-archive"
        try FileManager.default.createDirectory(atPath: directory + "/log", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture) {
            try FileManager.default.copyItem(atPath: fixture + "/" + name, toPath: directory + "/log/" + name)
        }

        let server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }
        let (status, body) = try TestWebSocketClient.httpGet(port: server.port, path: "/healthz")
        #expect(status == 200)
        #expect(body.contains(#""quarantined":["PSN4KZ"]"#), "\(body)")

        // The healthy room is back, with its host and its player's seat.
        let host = try GameClient(port: server.port)
        try host.send(type: "host", ["code": "GD7QHM", "token": "good-host-token"])
        try host.next("hosting")
        let players = try host.next("players")
        #expect(String(describing: players).contains("Ada"))
        // The poisoned one is gone, and new games start.
        let stranger = try GameClient(port: server.port)
        #expect(try stranger.expectError(after: ["type": "join", "code": "PSN4KZ", "nickname": "Eve"]) == "room_not_found")
        try stranger.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try stranger.next("created")

        // `buzzer replay verify` names the same room and the same reason, and does not trap either.
        let verify = try ChildProcess.run(
            URL(fileURLWithPath: ServerProcess.binaryPath), ["replay", "verify", "--archive", fixture], timeout: 60)
        #expect(verify.status != 0)
        #expect(verify.output.contains("PSN4KZ") && verify.output.contains("hostAwayGraceMs must be 0-86400000"), "\(verify.output)")
    }

    /// A phone about to join learns the room's own name limits, so its form counts against them
    /// instead of the server's defaults (a room made with longer names would refuse nothing the form cut).
    @Test func peekTellsAPhoneTheRoomsNameLimits() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["nicknameMaxLength": 40, "teamNameMaxLength": 12]])
        let code = try #require(try host.next("created")["code"] as? String)
        let phone = try GameClient(port: server.port)
        try phone.send(type: "peek", ["code": code])
        let info = try phone.next("room_info")
        #expect(info["nicknameMaxLength"] as? Int == 40)
        #expect(info["teamNameMaxLength"] as? Int == 12)
    }
}
