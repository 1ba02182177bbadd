import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// Whole games over real sockets against the in-process `buzzer serve` server.
@Suite(.serialized)
struct GameLiveTests {
    /// Host creates with short timings; returns the host client and the `created` reply.
    func createRoom(_ server: LiveGameServer, settings: [String: Any] = [:], pack: [String: Any] = LiveGameServer.pack) throws -> (GameClient, [String: Any]) {
        let host = try GameClient(port: server.port)
        var all: [String: Any] = ["readingTimeMs": 0, "timeLimitSeconds": 10, "closeWhenAllAnswered": true]
        all.merge(settings) { $1 }
        try host.send(type: "create", ["questions": pack, "settings": all])
        let created = try host.next("created")
        try host.next("state")
        return (host, created)
    }

    func join(_ server: LiveGameServer, code: String, _ name: String, team: String? = nil) throws -> (GameClient, [String: Any]) {
        let client = try GameClient(port: server.port)
        var fields: [String: Any] = ["code": code, "nickname": name]
        if let team { fields["team"] = team }
        try client.send(type: "join", fields)
        let joined = try client.next("joined")
        try client.next("state")
        return (client, joined)
    }

    /// Waits until answers are open for `sequence` (reading time 0 opens at once).
    func answer(_ client: GameClient, sequence: Int, _ answer: [String: Any]) throws -> [String: Any] {
        try client.send(type: "answer", ["question": sequence, "answer": answer])
        return try client.next("answer_ack")
    }

    @Test func playsAWholeGameAndTheLogReplaysToTheSameStandings() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, created) = try createRoom(server)
        let code = try #require(created["code"] as? String)
        #expect(code.count == 6)
        #expect((created["hostToken"] as? String)?.count == 32)
        #expect((created["joinURL"] as? String)?.hasSuffix("/join/\(code)") == true)

        let (ada, _) = try join(server, code: code, "Ada", team: "Owls")
        let (bob, _) = try join(server, code: code.lowercased(), "Bob", team: "owls")
        let (cy, _) = try join(server, code: code, "Cy")
        let players = [ada, bob, cy]

        try host.send(type: "start")
        // Q1 choice: Canberra is option 1 (no shuffle).
        for p in players { #expect((try p.next("question")["question"] as? [String: Any])?["sequence"] as? Int == 0) }
        #expect(try answer(ada, sequence: 0, ["kind": "choice", "option": 1])["durable"] as? Bool == true)
        _ = try answer(bob, sequence: 0, ["kind": "choice", "option": 0])
        _ = try answer(cy, sequence: 0, ["kind": "choice", "option": 1])
        #expect(try host.next("answers_closed")["reason"] as? String == "all_answered")
        try host.send(type: "reveal")
        let adaResult = try ada.next("result")["result"] as? [String: Any]
        #expect(adaResult?["outcome"] as? String == "correct")
        #expect((adaResult?["points"] as? Int ?? 0) > 500)
        #expect((try bob.next("result")["result"] as? [String: Any])?["points"] as? Int == 0)

        // Q2 text: "beatles" is not accepted until the host accepts it.
        try host.send(type: "next")
        for p in players { try p.next("question") }
        _ = try answer(ada, sequence: 1, ["kind": "text", "text": "the beatles"])
        _ = try answer(bob, sequence: 1, ["kind": "text", "text": "Beatles"])
        _ = try answer(cy, sequence: 1, ["kind": "text", "text": "Stones"])
        try host.next("answers_closed")
        try host.send(type: "reveal")
        let hostReveal = try host.next("reveal")
        #expect((hostReveal["typedAnswers"] as? [[String: Any]])?.count == 3)
        #expect((try bob.next("result")["result"] as? [String: Any])?["outcome"] as? String == "wrong")
        try host.send(type: "accept", ["question": 1, "text": "Beatles"])
        try host.next("ok")
        #expect((try bob.next("result")["result"] as? [String: Any])?["outcome"] as? String == "correct")

        // End of round one: the round leaderboard, then round two's number question.
        try host.send(type: "next")
        let board = try cy.next("leaderboard")
        #expect(board["final"] as? Bool == false)
        try host.send(type: "next")
        for p in players { try p.next("question") }
        _ = try answer(ada, sequence: 2, ["kind": "number", "value": 1970])
        _ = try answer(bob, sequence: 2, ["kind": "number", "value": 1950])
        _ = try answer(cy, sequence: 2, ["kind": "number", "value": 1969])
        try host.next("answers_closed")
        try host.send(type: "reveal")
        #expect((try cy.next("result")["result"] as? [String: Any])?["outcome"] as? String == "correct")
        try host.send(type: "next")
        #expect(try host.next("leaderboard")["final"] as? Bool == true)
        try host.send(type: "next")

        let ended = try ada.next("ended")
        #expect(ended["reason"] as? String == "finished")
        let podium = try #require(ended["podium"] as? [String: Any])
        let live = try #require(podium["players"] as? [[String: Any]])
        #expect(live.count == 3)
        for p in players { #expect(try p.next("standing")["rank"] as? Int != nil) }

        // The log alone rebuilds the same game.
        #expect(eventually { (try? server.loggedEvents(of: code).last?.type) == "room_ended" })
        let replayed = try Room.replay(try server.loggedEvents(of: code))
        let scores = Dictionary(uniqueKeysWithValues: replayed.standings.players.map { ($0.nickname, $0.score) })
        for row in live {
            #expect(scores[row["nickname"] as? String ?? ""] == row["score"] as? Int)
        }
        #expect(replayed.phase == .ended)
    }

    @Test func aPlayerWhoDropsMidQuestionResumesWithTheSameIdentityAndScore() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, created) = try createRoom(server, settings: ["closeWhenAllAnswered": false])
        let code = try #require(created["code"] as? String)
        var (ada, joined) = try join(server, code: code, "Ada", team: "Owls")
        let (bob, _) = try join(server, code: code, "Bob")
        try host.send(type: "start")
        try ada.next("question")
        _ = try answer(ada, sequence: 0, ["kind": "choice", "option": 1])
        try host.send(type: "reveal")
        let scored = try #require((try ada.next("result")["result"] as? [String: Any])?["score"] as? Int)
        try host.send(type: "next")
        try bob.next("question")
        try ada.next("question")

        // Ada's phone drops; the host sees her away, then she comes back with her token.
        let token = try #require(joined["resumeToken"] as? String)
        try ada.socket.sendClose()
        ada = try GameClient(port: server.port)
        #expect(eventually {
            host.drain(quiet: 0.05)
            return host.received.contains { m in
                (m["players"] as? [[String: Any]])?.contains { $0["nickname"] as? String == "Ada" && $0["status"] as? String == "away" } == true
            }
        })
        try ada.send(type: "resume", ["code": code, "token": token])
        joined = try ada.next("joined")
        #expect(joined["resumed"] as? Bool == true)
        #expect(joined["player"] as? Int == 1)
        #expect(joined["team"] as? String == "Owls")
        #expect(joined["resumeToken"] as? String != token)
        let state = try ada.next("state")
        #expect(state["phase"] as? String == "open")
        #expect((state["question"] as? [String: Any])?["sequence"] as? Int == 1)
        #expect(state["answered"] as? Bool == false)
        #expect((state["me"] as? [String: Any])?["score"] as? Int == scored)
        // She can answer the open question. The token the resume replaced still works once (in
        // case the reply had been lost), and rotates again; two rotations back it is dead.
        _ = try answer(ada, sequence: 1, ["kind": "text", "text": "The Beatles"])
        let other = try GameClient(port: server.port)
        try other.send(type: "resume", ["code": code, "token": token])
        #expect(try other.next("joined")["player"] as? Int == 1)
        let third = try GameClient(port: server.port)
        #expect(try third.expectError(after: ["type": "resume", "code": code, "token": token]) == "unknown_player")
    }

    /// docs/game-rules.md: a player who left takes the seat back by joining again under the same
    /// name from the same device; from anywhere else the name stays taken.
    @Test func aPlayerWhoLeftComesBackUnderTheSameNameFromTheSameDevice() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, created) = try createRoom(server, settings: ["closeWhenAllAnswered": false])
        let code = try #require(created["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada", "team": "Owls", "device": "phone-ada"])
        #expect(try ada.next("joined")["player"] as? Int == 1)
        let (bob, _) = try join(server, code: code, "Bob")
        try host.send(type: "start")
        try ada.next("question")
        _ = try answer(ada, sequence: 0, ["kind": "choice", "option": 1])
        try host.send(type: "reveal")
        let scored = try #require((try ada.next("result")["result"] as? [String: Any])?["score"] as? Int)
        #expect(scored > 0)
        try ada.send(type: "leave")
        try ada.next("ok")

        let stranger = try GameClient(port: server.port)
        #expect(try stranger.expectError(after: ["type": "join", "code": code, "nickname": "ada", "device": "phone-x"]) == "name_taken")
        let back = try GameClient(port: server.port)
        try back.send(type: "join", ["code": code, "nickname": "Ada", "device": "phone-ada"])
        let joined = try back.next("joined")
        #expect(joined["resumed"] as? Bool == true)
        #expect(joined["player"] as? Int == 1)
        #expect(joined["team"] as? String == "Owls")
        #expect((try back.next("state")["me"] as? [String: Any])?["score"] as? Int == scored)
        // The host sees one Ada, connected again.
        #expect(eventually {
            host.drain(quiet: 0.05)
            guard let list = host.received.last(where: { $0["type"] as? String == "players" })?["players"] as? [[String: Any]] else { return false }
            return list.filter { $0["nickname"] as? String == "Ada" }.map { $0["status"] as? String } == ["connected"]
        })
        _ = bob
    }

    @Test func anAnswerAfterTheDeadlineIsRefusedAndScoresNothing() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, created) = try createRoom(server, settings: ["timeLimitSeconds": 1, "answerGraceMs": 0])
        let code = try #require(created["code"] as? String)
        let (ada, _) = try join(server, code: code, "Ada")
        try host.send(type: "start")
        try ada.next("question")
        #expect(try ada.next("answers_closed", timeout: 30)["reason"] as? String == "deadline")
        #expect(try ada.expectError(after: ["type": "answer", "question": 0, "answer": ["kind": "choice", "option": 1]]) == "late_answer")
        try host.send(type: "reveal")
        let result = try #require(try ada.next("result")["result"] as? [String: Any])
        #expect(result["answered"] as? Bool == false)
        #expect(result["score"] as? Int == 0)
    }

    @Test func aPlayerSendingHostCommandsGetsNotHostAndNothingChanges() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, created) = try createRoom(server)
        let code = try #require(created["code"] as? String)
        let (ada, _) = try join(server, code: code, "Ada")
        let commands: [[String: Any]] = [
            ["type": "start"], ["type": "next"], ["type": "close"], ["type": "reveal"], ["type": "leaderboard"],
            ["type": "end"], ["type": "lock"], ["type": "unlock"], ["type": "kick", "player": 1],
            ["type": "adjust", "player": 1, "delta": 500, "reason": "me"], ["type": "accept", "question": 0, "text": "x"],
        ]
        for command in commands {
            #expect(try ada.expectError(after: command) == "not_host", "\(command)")
        }
        // The room is still in its lobby with Ada unscored: the host's start is the first question.
        try host.send(type: "start")
        #expect((try ada.next("question")["question"] as? [String: Any])?["sequence"] as? Int == 0)
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("watching")
        #expect(try display.expectError(after: ["type": "reveal"]) == "not_host")
        #expect(try display.expectError(after: ["type": "answer", "question": 0, "answer": ["kind": "choice", "option": 1]]) == "unknown_player")
    }

    @Test func theHostReconnectsWithItsTokenAndAWrongTokenIsRefused() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        var (host, created) = try createRoom(server)
        let code = try #require(created["code"] as? String)
        let token = try #require(created["hostToken"] as? String)
        let (ada, _) = try join(server, code: code, "Ada")
        // The host's laptop drops off the network: its socket just goes away.
        host = try GameClient(port: server.port)
        #expect(try ada.next("host_status")["connected"] as? Bool == false)

        let intruder = try GameClient(port: server.port)
        #expect(try intruder.expectError(after: ["type": "host", "code": code, "token": String(repeating: "0", count: 32)]) == "not_host")

        host = try GameClient(port: server.port)
        try host.send(type: "host", ["code": code, "token": token])
        try host.next("hosting")
        let state = try host.next("state")
        #expect(state["role"] as? String == "host")
        #expect(state["playerCount"] as? Int == 1)
        let players = try host.next("players")["players"] as? [[String: Any]]
        #expect(players?.first?["nickname"] as? String == "Ada")
        #expect(try ada.next("host_status")["connected"] as? Bool == true)
        try host.send(type: "start")
        try ada.next("question")
    }

    @Test func noPlayerOrDisplayMessageCarriesTheAnswerBeforeTheReveal() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        // The answer's picture (revealMedia) is an answer too: it must not reach a player or a display early.
        let answerPicture = "/media/" + String(repeating: "ab", count: 32) + ".png"
        let questionPicture = "/media/" + String(repeating: "cd", count: 32) + ".jpg"
        var pack = LiveGameServer.pack
        var rounds = try #require(pack["rounds"] as? [[String: Any]])
        var questions = try #require(rounds[0]["questions"] as? [[String: Any]])
        questions[0]["media"] = ["image": questionPicture, "alt": "A map"]
        questions[0]["revealMedia"] = ["image": answerPicture]
        rounds[0]["questions"] = questions
        pack["rounds"] = rounds
        let (host, created) = try createRoom(server, settings: ["closeWhenAllAnswered": false, "shuffleOptions": true], pack: pack)
        let code = try #require(created["code"] as? String)
        let (ada, _) = try join(server, code: code, "Ada")
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("state")
        try host.send(type: "start")
        try ada.next("question")
        _ = try answer(ada, sequence: 0, ["kind": "choice", "option": 2])
        try host.send(type: "next")  // refused: still open; exercises an error path too
        try host.next("error")
        try host.send(type: "close")
        try ada.next("answers_closed")
        try display.next("answers_closed")
        ada.drain()
        display.drain()
        // Nothing sent so far names the correct option, the accepted answers or the explanation.
        let forbidden = ["correct", "accepted", "explanation", "answer"]
        for message in ada.received + display.received {
            #expect(containsKey(message, forbidden) == nil, "\(message["type"] ?? "?") leaks \(containsKey(message, forbidden) ?? "")")
        }
        #expect(!(ada.received + display.received).isEmpty)
        #expect(!(ada.received + display.received).contains { "\($0)".contains("Canberra was purpose-built") })
        #expect(!(ada.received + display.received).contains { "\($0)".contains(answerPicture) }, "the answer's picture leaked")
        #expect((ada.received + display.received).contains { "\($0)".contains(questionPicture) }, "the question's own picture is sent")
        try host.send(type: "reveal")
        let reveal = try ada.next("reveal")
        #expect((reveal["reveal"] as? [String: Any])?["correct"] != nil)
        #expect(((reveal["reveal"] as? [String: Any])?["media"] as? [String: Any])?["image"] as? String == answerPicture)
    }

    @Test func wagerRoundsTellEachPlayerTheirLimitAndReconnectingHostsSeeTypedAnswers() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let pack: [String: Any] = ["title": "Wagers", "rounds": [
            ["title": "Words", "questions": [["kind": "text", "category": "Music", "text": "Abbey Road?", "answer": ["The Beatles"]]]],
            ["title": "Bets", "wager": true, "questions": [
                ["kind": "truefalse", "category": "Science", "text": "Water boils at 100 °C at sea level.", "answer": true]]],
        ]]
        var host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": pack, "settings": ["readingTimeMs": 0, "scoring": "flat", "closeWhenAllAnswered": false]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String)
        let (ada, _) = try join(server, code: code, "Ada", team: "Owls")
        try host.send(type: "start")
        try ada.next("question")
        _ = try answer(ada, sequence: 0, ["kind": "text", "text": "Beatles"])
        try host.send(type: "reveal")
        let result = try ada.next("result")
        #expect(result["players"] as? Int == 1)

        // A host console reopened after the reveal can still accept typed answers.
        host = try GameClient(port: server.port)
        try host.send(type: "host", ["code": code, "token": try #require(created["hostToken"] as? String)])
        let state = try host.next("state")
        let typed = try #require(state["typedAnswers"] as? [[String: Any]])
        #expect(typed.first?["text"] as? String == "Beatles")
        #expect(typed.first?["accepted"] as? Bool == false)

        try host.send(type: "next")
        try host.next("leaderboard")
        try host.send(type: "next")
        try ada.next("question")
        let limit = try ada.next("wager_limit")
        #expect(limit["question"] as? Int == 1)
        #expect(limit["max"] as? Int == 1)
        #expect(try ada.expectError(after: ["type": "wager", "question": 1, "amount": 2]) == "invalid_wager")
        try ada.send(type: "wager", ["question": 1, "amount": 1])
        try ada.next("ok")
    }

    private func containsKey(_ value: Any, _ keys: [String]) -> String? {
        if let object = value as? [String: Any] {
            for (key, child) in object {
                if keys.contains(key) { return key }
                if let found = containsKey(child, keys) { return found }
            }
        } else if let array = value as? [Any] {
            for child in array { if let found = containsKey(child, keys) { return found } }
        }
        return nil
    }
}
