import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// Kills the real `buzzer serve` process with SIGKILL in the middle of a question, restarts it
/// on the same log, and checks that no acknowledged answer was lost and that the game finishes
/// with the standings a replay of the log computes.
@Suite(.serialized)
struct CrashRecoveryTests {
    @Test(arguments: 0..<3)
    func acknowledgedAnswersSurviveSIGKILLAndTheGameFinishes(run: Int) throws {
        let (directory, arguments) = try Self.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }
        var host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": [
            "readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": false, "hostAwayGraceMs": 60_000]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        let hostToken = try #require(created["hostToken"] as? String)

        let names = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"]
        var players: [GameClient] = []
        var tokens: [String] = []
        for name in names {
            let client = try GameClient(port: server.port)
            try client.send(type: "join", ["code": code, "nickname": name])
            tokens.append(try #require(try client.next("joined")["resumeToken"] as? String))
            players.append(client)
        }
        try host.send(type: "start")
        for client in players { try client.next("question") }

        // Everyone answers at once; the server dies right after a random number of acks arrived.
        let options = [1, 0, 1, 2, 1, 3]
        for (index, client) in players.enumerated() {
            try client.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": options[index]]])
        }
        let killAfter = Int.random(in: 1...names.count)
        var acked: Set<Int> = []
        for (index, client) in players.enumerated() where acked.count < killAfter {
            if (try? client.next("answer_ack"))?["durable"] as? Bool == true { acked.insert(index + 1) }
        }
        server.stop(signal: SIGKILL)

        // Every acknowledged answer is in the log.
        let logged = try Self.events(in: directory + "/log", room: code)
        let recorded = Set(logged.compactMap { event -> Int? in
            if case .answerRecorded(let answer) = event, answer.sequence == 0 { answer.player.rawValue } else { nil }
        })
        #expect(acked.isSubset(of: recorded), "acked \(acked.sorted()) but the log has \(recorded.sorted()) (run \(run))")

        // Restart on the same log; everyone comes back with their tokens.
        server = try ServerProcess(arguments: arguments)
        host = try GameClient(port: server.port)
        try host.send(type: "host", ["code": code, "token": hostToken])
        try host.next("hosting")
        #expect(try host.next("state")["phase"] as? String == "open")
        for index in players.indices {
            players[index] = try GameClient(port: server.port)
            try players[index].send(type: "resume", ["code": code, "token": tokens[index]])
            #expect(try players[index].next("joined")["player"] as? Int == index + 1)
            let state = try players[index].next("state")
            #expect(state["answered"] as? Bool == recorded.contains(index + 1))
            if !recorded.contains(index + 1) {
                try players[index].send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": options[index]]])
                try players[index].next("answer_ack")
            }
        }
        try host.send(type: "reveal")
        try host.next("reveal")
        try host.send(type: "next")
        try host.next("question")
        try host.send(type: "end")
        let ended = try host.next("ended")
        let podium = try #require(ended["players"] as? [[String: Any]])
        #expect(podium.count == names.count)

        // The standings the live game announced are the ones a replay of the log computes.
        #expect(eventually { (try? Self.events(in: directory + "/log", room: code).last?.type) == "room_ended" })
        let replayed = try Room.replay(try Self.events(in: directory + "/log", room: code)).standings
        for row in podium {
            let id = try #require(row["player"] as? Int)
            #expect(replayed.players.first { $0.player.rawValue == id }?.score == row["score"] as? Int)
        }
        #expect(replayed.players.filter { $0.score > 0 }.count == 3)  // Ada, Cy and Eve chose Canberra

        // The replay tool agrees with what the server recorded live, across the crash.
        let verify = try CommandLineTests().run(["replay", "verify", code, "--archive", directory + "/log"])
        #expect(verify.status == 0, "\(verify.output)")
        let show = try CommandLineTests().run(["replay", "show", code, "--archive", directory + "/log"])
        #expect(show.status == 0)
        #expect(show.output.contains("Canberra"), "\(show.output)")
    }

    @Test func aGracefulRestartKeepsTheRoomAndDoesNotLogEveryoneLeaving() throws {
        let (directory, arguments) = try Self.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        let token = try #require(try ada.next("joined")["resumeToken"] as? String)

        #expect(server.stop(signal: SIGTERM) == 0)
        let types = try Self.events(in: directory + "/log", room: code).map(\.type)
        #expect(!types.contains("player_disconnected") && !types.contains("host_disconnected"), "\(types)")

        server = try ServerProcess(arguments: arguments)
        let back = try GameClient(port: server.port)
        try back.send(type: "resume", ["code": code, "token": token])
        #expect(try back.next("joined")["nickname"] as? String == "Ada")
        #expect(try back.next("state")["phase"] as? String == "lobby")
    }

    @Test func aQuestionWhoseDeadlinePassedWhileTheServerWasDownIsClosedOnRecovery() throws {
        let first = try LiveGameServer()
        let host = try GameClient(port: first.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": [
            "readingTimeMs": 0, "timeLimitSeconds": 1, "answerGraceMs": 0, "closeWhenAllAnswered": false]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        let ada = try GameClient(port: first.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        let question = try #require(try ada.next("question")["question"] as? [String: Any])
        let closesAt = try #require(question["deadline"] as? Int)
        first.stop()

        // Down past the deadline: the log's last word on this question is that it is open.
        #expect(eventually(timeout: 10) { GameService.wallClock() > closesAt + 50 })
        let second = try LiveGameServer(archiveDirectory: first.archiveDirectory)
        defer { second.stop() }
        let back = try GameClient(port: second.port)
        try back.send(type: "host", ["code": code, "token": try #require(created["hostToken"] as? String)])
        try back.next("hosting")
        #expect(try back.next("state")["phase"] as? String == "closed")
        // The close is logged too (group commit: wait for the batch).
        let closeReasons = {
            (try? second.loggedEvents(of: code))?.compactMap { event -> CloseReason? in
                if case .answersClosed(let e) = event { e.reason } else { nil }
            } ?? []
        }
        #expect(eventually { closeReasons() == [.deadline] }, "\(closeReasons())")
    }

    /// A scratch folder with a config, and the `buzzer serve` arguments that log into it.
    /// `editToken`: the library's, in config.json (nil: the server makes its own and prints links with it).
    static func serverFolder(editToken: String? = LiveGameServer.editToken) throws -> (directory: String, arguments: [String]) {
        let directory = ScratchFolder.make("buzzer-restart", create: false)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let config = directory + "/config.json"
        try Data(Self.config(library: LiveGameServer.packageRoot + "/questions", editToken: editToken).utf8).write(to: URL(fileURLWithPath: config))
        return (directory, ["serve", "--config", config, "--host", "127.0.0.1", "--port", "0", "--archive", directory + "/log"])
    }

    /// The codes of every `room_created` line in the log, in order.
    static func roomsCreated(in directory: String) throws -> [String] {
        var codes: [String] = []
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        _ = try ArchiveReader(path: directory).read { item in
            if case .line(let line) = item, line.type == "room_created" { codes.append(line.room) }
        }
        return codes
    }

    static func events(in directory: String, room: String) throws -> [RoomEvent] {
        var events: [RoomEvent] = []
        _ = try ArchiveReader(path: directory).read { item in
            if case .line(let line) = item, line.room == room, let event = try? line.decode(RoomEvent.self) { events.append(event) }
        }
        return events
    }

    static func config(library: String, editToken: String? = LiveGameServer.editToken) -> String {
        """
        {
          "server": {"host": "127.0.0.1", "port": 0, "eventLoops": 2, "maxConnections": 1000},
          "websocket": {"allowedOrigins": [], "maxHeaderBytes": 8192, "maxHeaderCount": 64, "maxFrameSize": 262144,
            "maxMessageSize": 262144, "maxFragments": 64,
            "compression": {"enabled": true, "minSize": 256, "level": 6, "maxDecompressedSize": 262144,
              "serverMaxWindowBits": 15, "clientMaxWindowBits": 15, "serverNoContextTakeover": true}},
          "timeouts": {"handshakeSeconds": 10, "idleSeconds": 60, "pingIntervalSeconds": 20, "closeSeconds": 2, "shutdownSeconds": 2},
          "transport": {"outboundHighWaterBytes": 4194304, "readBufferBytes": 65536},
          "rooms": {"libraryDirectory": "\(library)"},
          "library": {"editToken": \(editToken.map { "\"\($0)\"" } ?? "null")},
          "archive": {"durability": "group"}
        }
        """
    }
}
