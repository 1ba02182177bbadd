@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// `GET /api/games/GAME/corrections` (docs/replay-corrections.md): what the pages' corrections
/// form can name, behind the POST's keys; and a phone's night that a correction moved shows its
/// place before (`placeBefore`, docs/league.md).
@Suite struct CorrectionsReadLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    nonisolated(unsafe) static let pack: [String: Any] = ["title": "Mardi à la Couronne", "questions": [
        ["kind": "choice", "category": "Art", "text": "Who painted the Mona Lisa?", "options": ["Leonardo da Vinci", "Rembrandt", "Hokusai"], "answer": 0],
        ["kind": "text", "category": "Music", "text": "Which band sang Yesterday?", "answer": ["The Beatles"]],
        ["kind": "number", "category": "Places", "text": "Height of the Eiffel Tower, in metres?", "answer": 300],
    ]]

    /// A played league game: its code, host key and league, as `CorrectionLiveTests` plays one.
    typealias Played = CorrectionLiveTests.Played

    /// Ada: right, right, 300 (the pack's key). Björn: right, "Beetles", 200. Çağla: wrong,
    /// "Beetles", 330 (the truth). Before any correction Çağla is third.
    static func play(_ server: LiveGameServer) throws -> Played {
        let host = try GameClient(port: server.port)
        try host.send(["type": "create", "questions": pack, "token": LiveGameServer.editToken, "league": ["name": "Mardis à la Couronne"],
                       "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": false, "scoring": "flat"]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let league = try #require((created["league"] as? [String: String])?["id"])
        var phones: [GameClient] = []
        for (name, device) in [("Ada", "device-ada"), ("Björn", "device-bjorn"), ("Çağla", "device-cagla")] {
            let phone = try GameClient(port: server.port, room: code)
            try phone.send(type: "join", ["code": code, "nickname": name, "device": device])
            try phone.next("joined")
            phones.append(phone)
        }
        try host.send(type: "start")
        let answers: [[[String: Any]]] = [
            [["kind": "choice", "option": 0], ["kind": "choice", "option": 0], ["kind": "choice", "option": 2]],
            [["kind": "text", "text": "The Beatles"], ["kind": "text", "text": "Beetles"], ["kind": "text", "text": "beetles "]],
            [["kind": "number", "value": 300], ["kind": "number", "value": 200], ["kind": "number", "value": 330]],
        ]
        for (sequence, row) in answers.enumerated() {
            for (phone, answer) in zip(phones, row) {
                try phone.next("question")
                try phone.send(type: "answer", ["question": sequence, "answer": answer])
                #expect(try phone.next("answer_ack")["durable"] as? Bool == true)
            }
            try host.send(type: "reveal")
            for phone in phones { try phone.next("result") }
            try host.send(type: sequence == answers.count - 1 ? "end" : "next")
        }
        for phone in phones { try phone.next("ended") }
        return Played(code: code, hostToken: token, league: league)
    }

    func get(_ server: LiveGameServer, _ game: String, token: String?) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "GET", "/api/games/\(game)/corrections", token: token)
    }

    func night(_ server: LiveGameServer, _ played: Played, device: String) throws -> [String: Any]? {
        let mine = try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(played.league)/me", headers: ["Authorization": "Bearer \(device)"]).json
        return (mine["nights"] as? [[String: Any]])?.first
    }

    @Test func listsTheQuestionsTypedAnswersAndPlayersBehindTheKeysAndGrowsWithEachCorrection() throws {
        let server = try LiveGameServer(PlayerNightLiveTests.unrationed)
        defer { server.stop() }
        let played = try Self.play(server)

        // The POST's keys and errors: no key, a stranger's key, an unknown game (told only to the edit token), a bad name.
        #expect(try get(server, played.code, token: nil).status == 401)
        #expect(try get(server, played.code, token: "not-the-key").status == 401)
        #expect(try get(server, "ZZZZ", token: played.hostToken).status == 401)
        let unknown = try get(server, "ZZZZ", token: LiveGameServer.editToken)
        #expect(unknown.status == 404 && unknown.body.contains("ZZZZ"), "\(unknown.body)")
        #expect(try get(server, "\(played.code)@x", token: played.hostToken).status == 400)

        let reply = try get(server, played.code, token: played.hostToken)
        #expect(reply.status == 200, "\(reply.body)")
        let sheet = reply.json
        #expect(sheet["game"] as? String == "\(played.code)@1")
        #expect(sheet["finished"] as? Bool == true)
        #expect((sheet["corrections"] as? [Any])?.isEmpty == true)
        let questions = try #require(sheet["questions"] as? [[String: Any]])
        #expect(questions.map { $0["number"] as? Int } == [1, 2, 3])
        #expect(questions.map { $0["kind"] as? String } == ["choice", "text", "number"])
        #expect(questions[0]["options"] as? [String] == ["Leonardo da Vinci", "Rembrandt", "Hokusai"])
        // The right answer in the form the POST's `answer_key` takes.
        let choiceKey = try #require(questions[0]["answer_key"] as? [String: Any])
        #expect(choiceKey["kind"] as? String == "choice" && choiceKey["answer"] as? Int == 0 && (choiceKey["options"] as? [String])?.count == 3)
        #expect((questions[2]["answer_key"] as? [String: Any])?["answer"] as? Double == 300)
        #expect(questions[2]["typed"] == nil && questions[0]["typed"] == nil)
        // The typed answers, grouped as the game judges them: "Beetles" twice, rejected; "The Beatles" accepted.
        let typed = try #require(questions[1]["typed"] as? [[String: Any]])
        #expect(typed.map { $0["text"] as? String } == ["Beetles", "The Beatles"])
        #expect(typed.map { $0["accepted"] as? Bool } == [false, true])
        let beetles = try #require(typed[0]["players"] as? [[String: Any]])
        #expect(beetles.map { $0["name"] as? String } == ["Björn", "Çağla"])
        let players = try #require(sheet["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ada", "Björn", "Çağla"])
        #expect(players.map { $0["rank"] as? Int } == [1, 2, 3])
        #expect(eventually(timeout: 10) { (try? night(server, played, device: "device-cagla"))?["place"] as? Int == 3 })
        #expect(try night(server, played, device: "device-cagla")?["placeBefore"] == nil)

        // A correction of the number's key: the list grows, and Çağla's night shows her place before.
        let key = #"{"action":"answer_key","question":3,"answer_key":{"kind":"number","answer":330},"reason":"La tour Eiffel mesure 330 m"}"#
        let made = try LibraryAPILiveTests.request(server.port, "POST", "/api/games/\(played.code)/corrections", body: key, token: played.hostToken)
        #expect(made.status == 200, "\(made.body)")
        let after = try get(server, played.code, token: played.hostToken).json
        let corrections = try #require(after["corrections"] as? [[String: Any]])
        #expect(corrections.count == 1)
        #expect(corrections.first?["action"] as? String == "answer_key" && corrections.first?["question"] as? Int == 3)
        #expect(corrections.first?["reason"] as? String == "La tour Eiffel mesure 330 m")
        #expect(((after["questions"] as? [[String: Any]])?[2]["answer_key"] as? [String: Any])?["answer"] as? Double == 330)
        #expect(eventually(timeout: 10) { (try? night(server, played, device: "device-cagla"))?["place"] as? Int == 2 })
        #expect(try night(server, played, device: "device-cagla")?["placeBefore"] as? Int == 3)
        #expect(try night(server, played, device: "device-ada")?["placeBefore"] == nil)

        // A ruling on a typed answer shows in the list; the league's game key names the same game (the league page's owner panel).
        let games = try #require(try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(played.league)").json["games"] as? [[String: Any]])
        let leagueKey = try #require(games.first?["key"] as? String)
        let ruling = #"{"action":"ruling","question":2,"player":"Björn","right":true,"reason":"Beetles is close enough"}"#
        let ruled = try LibraryAPILiveTests.request(server.port, "POST", "/api/games/\(leagueKey)/corrections", body: ruling, token: LiveGameServer.editToken)
        #expect(ruled.status == 200, "\(ruled.body)")
        let byKey = try get(server, leagueKey, token: LiveGameServer.editToken).json
        #expect(byKey["game"] as? String == "\(played.code)@1")
        #expect((byKey["corrections"] as? [[String: Any]])?.map { $0["by"] as? String } == ["host", "editor"])
        let regrouped = try #require(((byKey["questions"] as? [[String: Any]])?[1]["typed"] as? [[String: Any]])?.first?["players"] as? [[String: Any]])
        #expect(regrouped.map { $0["accepted"] as? Bool } == [true, false])
        #expect(try get(server, "\(played.code)-1", token: LiveGameServer.editToken).status == 404)

        // A game still running is listed, marked as not finished (the POST refuses it).
        let host = try GameClient(port: server.port)
        try host.send(["type": "create", "questions": Self.pack])
        let running = try host.next("created")
        let code = try #require(running["code"] as? String), token = try #require(running["hostToken"] as? String)
        let open = try get(server, code, token: token)
        #expect(open.status == 200 && open.json["finished"] as? Bool == false, "\(open.body)")
    }
}
