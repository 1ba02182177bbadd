@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// A finished league game corrected the next morning through the API (docs/replay-corrections.md): the results download, `replay verify`, the league's standings and the phone's
/// night follow, and still do after a restart.
@Suite struct CorrectionLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    nonisolated(unsafe) static let pack: [String: Any] = ["title": "Tuesday Night", "questions": [
        ["kind": "number", "category": "Places", "text": "Height of the Eiffel Tower, in metres?", "answer": 300],
        ["kind": "truefalse", "category": "Science", "text": "Sound travels faster in water than in air.", "answer": true],
    ]]

    struct Played {
        let code: String
        let hostToken: String
        let league: String
    }

    /// Ada says 300 (the pack's key), Bob says 330 (the truth); both get the second right. `league`
    /// false: an anonymous game of the same inline pack, no token (its `league` is "").
    static func play(_ server: LiveGameServer, league inLeague: Bool = true) throws -> Played {
        let host = try GameClient(port: server.port)
        var create: [String: Any] = ["type": "create", "questions": pack, "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": false]]
        if inLeague {
            create["token"] = LiveGameServer.editToken
            create["league"] = ["name": "Tuesdays at The Crown"]
        }
        try host.send(create)
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let league = inLeague ? try #require((created["league"] as? [String: String])?["id"]) : ""
        var phones: [GameClient] = []
        for (name, device) in [("Ada", "device-ada"), ("Bob", "device-bob")] {
            let phone = try GameClient(port: server.port, room: code)
            try phone.send(type: "join", ["code": code, "nickname": name, "device": device])
            try phone.next("joined")
            phones.append(phone)
        }
        try host.send(type: "start")
        for (sequence, answers) in [(0, [300, 330]), (1, [true, true])] as [(Int, [Any])] {
            for (phone, answer) in zip(phones, answers) {
                try phone.next("question")
                let value: [String: Any] = sequence == 0 ? ["kind": "number", "value": answer] : ["kind": "truefalse", "value": answer]
                try phone.send(type: "answer", ["question": sequence, "answer": value])
                #expect(try phone.next("answer_ack")["durable"] as? Bool == true)
            }
            try host.send(type: "reveal")
            for phone in phones { try phone.next("result") }
            try host.send(type: sequence == 0 ? "next" : "end")
        }
        for phone in phones { try phone.next("ended") }
        return Played(code: code, hostToken: token, league: league)
    }

    func post(_ server: LiveGameServer, _ game: String, _ body: String, token: String?) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "POST", "/api/games/\(game)/corrections", body: body, token: token)
    }

    /// Bob's row of the results download: his points on the first question.
    func bobsFirstAnswer(_ server: LiveGameServer, _ played: Played) throws -> [String: Any] {
        let reply = try LibraryAPILiveTests.request(server.port, "GET", "/api/rooms/\(played.code)/results.json", token: played.hostToken)
        #expect(reply.status == 200, "\(reply.body)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]])
        return try #require(rows.first { $0["player"] as? String == "Bob" && $0["question"] as? Int == 1 })
    }

    func bobsPlace(_ server: LiveGameServer, _ played: Played) throws -> Int? {
        let mine = try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(played.league)/me", headers: ["Authorization": "Bearer device-bob"]).json
        return (mine["nights"] as? [[String: Any]])?.first?["place"] as? Int
    }

    func verify(_ server: LiveGameServer) throws -> (status: Int32, output: String) {
        try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), ["replay", "verify", "--all", "--archive", server.archiveDirectory], timeout: 120)
    }

    @Test func aCorrectedKeyReachesTheResultsVerifyTheLeagueAndThePhonesNightAndSurvivesARestart() throws {
        let directory = ScratchFolder.make("buzzer-correction", create: false)
        var server = try LiveGameServer(archiveDirectory: directory)
        let played = try Self.play(server)
        #expect(try bobsFirstAnswer(server, played)["correct"] as? Bool == false)
        #expect(eventually(timeout: 10) { (try? bobsPlace(server, played)) == 2 })

        // Refused: no key, a stranger's key, a bad body, a question the game lacks, a kind that is not the question's.
        let key = #"{"action":"answer_key","question":1,"answer_key":{"kind":"number","answer":330},"reason":"The Eiffel Tower is 330 m, not 300"}"#
        #expect(try post(server, played.code, key, token: nil).status == 401)
        #expect(try post(server, played.code, key, token: "not-the-key").status == 401)
        #expect(try post(server, played.code, "{", token: played.hostToken).status == 400)
        // A game that is not in the log: named only to the edit token's holder.
        #expect(try post(server, "ZZZZ", key, token: LiveGameServer.editToken).status == 404)
        #expect(try post(server, "ZZZZ", key, token: played.hostToken).status == 401)
        #expect(try post(server, "\(played.code)@x", key, token: played.hostToken).status == 400)
        let unknown = try post(server, played.code, key.replacingOccurrences(of: #""question":1"#, with: #""question":7"#), token: played.hostToken)
        #expect(unknown.status == 400 && unknown.body.contains("the game has no question 7"), "\(unknown.body)")
        let kind = try post(server, played.code, key.replacingOccurrences(of: #"{"kind":"number","answer":330}"#, with: #"{"kind":"truefalse","answer":true}"#), token: played.hostToken)
        #expect(kind.status == 400 && kind.body.contains("kind and options stay"), "\(kind.body)")
        #expect(try verify(server).status == 0)

        // The correction, with the game's host key.
        let made = try post(server, played.code, key, token: played.hostToken)
        #expect(made.status == 200, "\(made.body)")
        #expect(made.json["game"] as? String == "\(played.code)@1")

        func everythingFollows(_ server: LiveGameServer) throws {
            #expect(try bobsFirstAnswer(server, played)["correct"] as? Bool == true)
            let reply = try LibraryAPILiveTests.request(server.port, "GET", "/api/rooms/\(played.code)/results.csv", token: played.hostToken)
            #expect(reply.body.contains("by the host: The Eiffel Tower is 330 m"), "\(reply.body)")
            let verified = try verify(server)
            #expect(verified.status == 0, "\(verified.output)")
            #expect(eventually(timeout: 10) { (try? bobsPlace(server, played)) == 1 })
            let standings = try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(played.league)").body
            #expect(standings.contains("Bob"))
        }
        try everythingFollows(server)

        // A restart reads the same log: the same corrected game.
        server.stop()
        server = try LiveGameServer(archiveDirectory: directory)
        defer { server.stop() }
        try everythingFollows(server)
        // The edit token corrects too; a game still running cannot be.
        let void = try post(server, "\(played.code)@1", #"{"action":"void","question":2,"reason":"the question was ambiguous"}"#, token: LiveGameServer.editToken)
        #expect(void.status == 200 && void.json["corrections"] as? Int == 2, "\(void.body)")
        let host = try GameClient(port: server.port)
        try host.send(["type": "create", "questions": Self.pack])
        let running = try host.next("created")
        let code = try #require(running["code"] as? String), token = try #require(running["hostToken"] as? String)
        let refused = try post(server, code, #"{"action":"void","question":1,"reason":"x"}"#, token: token)
        #expect(refused.status == 409 && refused.body.contains("only a finished game"), "\(refused.body)")

        // The command line: the same request, a player named as the game shows them.
        let buzzer = URL(fileURLWithPath: ServerProcess.binaryPath)
        let tokenFile = server.archiveDirectory + "-token"
        try Data((LiveGameServer.editToken + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        defer { try? FileManager.default.removeItem(atPath: tokenFile) }
        let cli = ["replay", "correct", played.code, "--server", "http://127.0.0.1:\(server.port)", "--token-file", tokenFile]
        let adjusted = try ChildProcess.run(buzzer, cli + ["--adjust=-5", "--player", "bob", "--reason", "late answer sheet"], timeout: 60)
        #expect(adjusted.status == 0, "\(adjusted.output)")
        let twoAtOnce = try ChildProcess.run(buzzer, cli + ["--void", "--adjust", "5", "--player", "Bob", "--question", "1", "--reason", "x"], timeout: 60)
        #expect(twoAtOnce.status == 64 && twoAtOnce.output.contains("exactly one of"), "\(twoAtOnce.output)")
        // The key from standard input (`--token-file -`): never on the command line, where ps shows it.
        let stdinCLI = ["replay", "correct", played.code, "--server", "http://127.0.0.1:\(server.port)", "--token-file", "-"]
        let fromStdin = try ChildProcess.run(buzzer, stdinCLI + ["--adjust", "5", "--player", "bob", "--reason", "answer sheet found"],
                                             timeout: 60, input: Data((LiveGameServer.editToken + "\n").utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.output)")
        // A reason with a control character is refused by the server too (ESC, DEL, a C1), and nothing is logged.
        for bad in ["\u{1B}[2J cleared", "de\u{7F}l", "next\u{85}line"] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["action": "void", "question": 1, "reason": bad]), as: UTF8.self)
            let refused = try post(server, played.code, body, token: LiveGameServer.editToken)
            #expect(refused.status == 400 && refused.body.contains("control character"), "\(refused.status) \(refused.body)")
        }
        let nobody = try ChildProcess.run(buzzer, cli + ["--accept", "Zed", "--question", "1", "--reason", "x"], timeout: 60)
        #expect(nobody.status != 0 && nobody.output.contains("no player called Zed"), "\(nobody.output)")
        #expect(try verify(server).status == 0)

        // Question history and the researcher's export read the same games.
        let questions = try ChildProcess.run(buzzer, ["replay", "questions", "--league", played.league, "--csv", "--archive", server.archiveDirectory], timeout: 60)
        #expect(questions.status == 0, "\(questions.output)")
        #expect(questions.output.contains(#""Height of the Eiffel Tower, in metres?",330,1,"#), "\(questions.output)")
        let answers = try ChildProcess.run(buzzer, ["replay", "export", "--answers", "--league", played.league, "--pseudonymize", "--archive", server.archiveDirectory], timeout: 60)
        #expect(answers.status == 0 && !answers.output.contains("Bob") && answers.output.contains("player-2"), "\(answers.output)")
    }

    /// A played game still kept for its podium, and a projector watching it.
    func podiumWithAProjector(_ server: LiveGameServer) throws -> (Played, GameClient) {
        let played = try Self.play(server)
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": played.code])
        try display.next("watching")
        return (played, display)
    }

    /// The Eiffel Tower's key corrected from 300 to 330: Bob, who said 330, goes first.
    static let eiffelKey = #"{"action":"answer_key","question":1,"answer_key":{"kind":"number","answer":330},"reason":"The Eiffel Tower is 330 m, not 300"}"#

    @Test func aRoomStillKeptForItsPodiumShowsEveryScreenTheCorrectedEnd() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (played, display) = try podiumWithAProjector(server)
        func winner(_ ended: [String: Any]) -> String? { (ended["players"] as? [[String: Any]])?.first?["nickname"] as? String }

        #expect(try post(server, played.code, Self.eiffelKey, token: played.hostToken).status == 200)
        let ended = try display.next("ended")
        #expect(winner(ended) == "Bob", "\(ended)")
        #expect((ended["podium"] as? [String: Any]).flatMap { ($0["players"] as? [[String: Any]])?.first?["nickname"] as? String } == "Bob")
    }

    /// A correction names its game by code and start: one of an earlier game that used the same code
    /// (the route hands it to whatever room holds the code now) leaves the kept room alone.
    @Test func aCorrectionOfAnEarlierGameUnderTheSameCodeLeavesTheKeptRoomAlone() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (played, display) = try podiumWithAProjector(server)
        let room = try #require(server.game.service.context.registry.room(played.code))
        // Ada's 5,000 more points would put her first; this room never sees them.
        let ada = PlayerID(1), earlier = GameCorrected(at: .max, game: 1, correction: .adjust(player: ada, team: nil, delta: 5000), reason: "an earlier game", by: .editor)
        room.run { $0.corrected(earlier) }

        #expect(try post(server, played.code, Self.eiffelKey, token: played.hostToken).status == 200)
        // The projector's first `ended` since is this game's correction: Bob first, Ada's score as it was.
        let ended = try display.next("ended")
        let players = try #require(ended["players"] as? [[String: Any]])
        #expect(players.first?["nickname"] as? String == "Bob", "\(ended)")
        #expect(players.allSatisfy { ($0["score"] as? Int ?? 0) < 5000 }, "\(ended)")
    }
}
