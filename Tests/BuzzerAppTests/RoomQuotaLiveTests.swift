import BuzzerApp
import BuzzerArchive
import BuzzerTestSupport
import Foundation
import Synchronization
import Testing

/// What anonymous creates may hold on to: slots of `maxRooms`, memory for ended rooms.
@Suite(.serialized)
struct RoomQuotaLiveTests {
    /// Creates a room from a fresh connection and ends it at once; returns its code.
    static func createAndEnd(_ server: LiveGameServer) throws -> String {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        try host.send(type: "end")
        try host.next("ended")
        return code
    }

    static func health(_ server: LiveGameServer) throws -> [String: Any] {
        let (_, body) = try TestWebSocketClient.httpGet(port: server.port, path: "/healthz")
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test func endedRoomsDoNotTakeTheSlotsOfARealHost() throws {
        // Five anonymous create-and-end connections used to fill maxRooms 5 for the ten minutes their
        // podiums are kept, while /healthz said nothing was running.
        let server = try LiveGameServer {
            $0.rooms.maxRooms = 5
            $0.rooms.createBurst = 20  // eleven creates from 127.0.0.1 here; this test is about slots
        }
        defer { server.stop() }
        for _ in 0..<5 { _ = try Self.createAndEnd(server) }
        #expect(eventually { server.game.service.runningRoomCount == 0 })
        let health = try Self.health(server)
        #expect(health["running"] as? Int == 0)
        #expect(health["rooms"] as? Int == 5, "the podiums are still kept")

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let reply = try host.next(after: ["created", "error"])
        #expect(reply["type"] as? String == "created", "the real host was refused: \(reply)")
        // maxRooms still counts running rooms.
        for _ in 0..<4 {
            let other = try GameClient(port: server.port)
            try other.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
            try other.next("created")
        }
        let sixth = try GameClient(port: server.port)
        #expect(try sixth.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "too_many_rooms")
    }

    @Test func pastMaxEndedRoomsTheRoomThatEndedFirstIsDropped() throws {
        let server = try LiveGameServer { $0.rooms.maxEndedRooms = 2 }
        defer { server.stop() }
        let codes = try (0..<3).map { _ in try Self.createAndEnd(server) }
        #expect(eventually { server.game.service.roomCount == 2 })
        let display = try GameClient(port: server.port)
        #expect(try display.expectError(after: ["type": "watch", "code": codes[0]]) == "room_not_found")
        for code in codes[1...] {
            let late = try GameClient(port: server.port)
            try late.send(type: "watch", ["code": code])
            try late.next("watching")
        }
    }

    @Test func endedRoomsRecoveredAfterARestartNeitherTakeSlotsNorPassMaxEndedRooms() throws {
        let directory = ScratchFolder.make("buzzer-app", create: false)
        let adjust: (inout BuzzerConfig) -> Void = { $0.rooms.maxRooms = 2; $0.rooms.maxEndedRooms = 3 }
        let first = try LiveGameServer(archiveDirectory: directory, adjust)
        let codes = try (0..<4).map { _ in try Self.createAndEnd(first) }
        first.stop()

        let second = try LiveGameServer(archiveDirectory: directory, adjust)
        defer { second.stop() }
        #expect(eventually { second.game.service.roomCount == 3 && second.game.service.runningRoomCount == 0 })
        let display = try GameClient(port: second.port)
        #expect(try display.expectError(after: ["type": "watch", "code": codes[0]]) == "room_not_found", "the room that ended first")
        for _ in 0..<2 {
            let host = try GameClient(port: second.port)
            try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
            try host.next("created")
        }
    }

    /// Bytes in the log folder.
    static func archiveBytes(_ server: LiveGameServer) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: server.archiveDirectory).reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: server.archiveDirectory + "/" + name)
            return total + ((attributes[.size] as? Int) ?? 0)
        }
    }

    @Test func anInlinePackOverMaxInlinePackBytesIsRefusedBeforeAnythingIsLogged() throws {
        let server = try LiveGameServer { $0.rooms.maxInlinePackBytes = 1024 }
        defer { server.stop() }
        let tiny: [String: Any] = ["title": "Tiny", "questions": [["kind": "truefalse", "category": "Fun", "text": "Water is wet.", "answer": true]]]
        let small = try GameClient(port: server.port)
        try small.send(type: "create", ["questions": tiny])
        try small.next("created")

        let before = try Self.archiveBytes(server)
        let long = (0..<20).map { n -> [String: Any] in
            ["kind": "truefalse", "category": "Fun", "text": "Statement number \(n) is true, and it is long enough to take some room.", "answer": true]
        }
        let host = try GameClient(port: server.port)
        #expect(try host.expectError(after: ["type": "create", "questions": ["title": "Big", "questions": long]]) == "pack_too_large")
        let refusal = try #require(host.received.last { $0["type"] as? String == "error" })
        #expect(refusal["request"] as? String == "create")
        #expect((refusal["message"] as? String)?.contains("at most 1 KB (rooms.maxInlinePackBytes)") == true, "\(refusal)")
        #expect(try Self.archiveBytes(server) == before, "nothing of the refused pack reached the log")
        #expect(server.game.service.roomCount == 1)

        // Packs from the library are the server's own: the cap is for inline ones (pub-classics is over 3 KB).
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try host.next("created")
    }

    @Test func underTheFreeSpaceFloorNewGamesAreRefusedRunningOnesFinishAndHealthSaysSo() throws {
        let disk = FillableFileSystem()
        disk.setFree(512 << 20)
        let server = try LiveGameServer(fileSystem: disk) { $0.archive.minFreeBytes = 256 << 20 }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        try ada.next("question")
        #expect(try Self.health(server)["disk"] as? String == "ok")

        disk.setFree(100 << 20)
        // The measurement is kept for a second: wait for the next one.
        #expect(eventually { (try? Self.health(server)["disk"] as? String) == "low" })
        let (status, body) = try TestWebSocketClient.httpGet(port: server.port, path: "/healthz")
        #expect(status == 503)
        #expect(body.contains("\"status\":\"degraded\""), "\(body)")
        #expect(body.contains("\"freeBytes\":104857600"), "\(body)")
        let metrics = try TestWebSocketClient.httpGet(port: server.port, path: "/metrics").1
        #expect(Self.gauge("buzzer_archive_free_bytes", in: metrics) == 104_857_600)
        #expect(Self.gauge("buzzer_archive_disk_low", in: metrics) == 1)

        let other = try GameClient(port: server.port)
        #expect(try other.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "disk_low")
        let refusal = try #require(other.received.last { $0["type"] as? String == "error" })
        #expect((refusal["message"] as? String)?.contains("100 MiB free") == true, "\(refusal)")

        // The running game finishes, and its answers are still durable.
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        #expect(try ada.next("answer_ack")["durable"] as? Bool == true)
        try host.send(type: "reveal")
        #expect((try ada.next("result")["result"] as? [String: Any])?["outcome"] as? String == "correct")

        disk.setFree(512 << 20)
        #expect(eventually { (try? TestWebSocketClient.httpGet(port: server.port, path: "/healthz").0) == 200 })
        try other.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try other.next("created")
    }

    /// The value of an unlabelled gauge in a Prometheus exposition.
    static func gauge(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
