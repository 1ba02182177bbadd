@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import BuzzerWebSocket
import Foundation
import Testing

/// `GET /api/questions/stats` (docs/replay-season.md, "The question index"): the edit token's, its query
/// bounded where it enters, and a game that just ended in the index it answers from.
@Suite struct QuestionStatsLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    func get(_ server: LiveGameServer, _ query: String, token: String? = LiveGameServer.editToken) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "GET", "/api/questions/stats?\(query)", token: token)
    }

    @Test func theRouteNeedsTheEditTokenRefusesBadQueriesAndFollowsAGameThatEnded() throws {
        // 501 fingerprints are 8.5 KiB of URL: past the default header limit, which refuses them first (431).
        let server = try LiveGameServer { $0.websocket.maxHeaderBytes = 16 << 10 }
        defer { server.stop() }
        let eiffel = QuestionFingerprint(Question(category: "Places", text: "Height of the Eiffel Tower, in metres?", content: .number(answer: 300))).description
        #expect(try get(server, "fingerprints=\(eiffel)", token: nil).status == 401)
        #expect(try get(server, "fingerprints=\(eiffel)", token: "not-the-token").status == 401)

        let tooMany = Array(repeating: eiffel, count: 501).joined(separator: ",")
        for (query, words) in [("fingerprints=\(tooMany)", "At most 500"), ("fingerprints=xyz", "16 lowercase hex"),
                               ("fingerprints=\(eiffel.uppercased())", "16 lowercase hex"), ("fingerprints=\(eiffel),", "16 lowercase hex"),
                               ("", "one of the two"), ("fingerprints=\(eiffel)&pack=general", "one of the two"),
                               ("fingerprints=\(eiffel)&league=crown&days=0", "1 to 3650"), ("fingerprints=\(eiffel)&league=crown&days=3651", "1 to 3650"),
                               ("fingerprints=\(eiffel)&league=Not%20An%20Id", "league id"), ("fingerprints=\(eiffel)&days=90", "goes with league")] {
            let reply = try get(server, query)
            #expect(reply.status == 400 && reply.body.contains(words), "\(query): \(reply.status) \(reply.body)")
        }
        #expect(try get(server, "pack=no-such-pack").status == 404)

        // Never asked: 200 with no stats (once the first build, of an empty log, is done).
        #expect(eventually(timeout: 10) { (try? get(server, "fingerprints=\(eiffel)").status) == 200 })
        let empty = try get(server, "fingerprints=\(eiffel)").json
        let none = try #require((empty["questions"] as? [[String: Any]])?.first)
        #expect(none["fingerprint"] as? String == eiffel && none["stats"] == nil)

        let played = try CorrectionLiveTests.play(server)
        let query = "fingerprints=\(eiffel)&league=\(played.league)&days=90"
        #expect(eventually(timeout: 10) { ((try? get(server, query).json["games"]) as? Int) == 1 })
        let reply = try get(server, query)
        #expect(reply.status == 200, "\(reply.body)")
        let item = try #require((reply.json["questions"] as? [[String: Any]])?.first)
        let stats = try #require(item["stats"] as? [String: Any])
        #expect(stats["timesAsked"] as? Int == 1 && stats["answers"] as? Int == 2 && stats["lastLeague"] as? String == "Tuesdays at The Crown")
        #expect(item["askedInLeagueAt"] as? Int != nil)
        let recent = try #require(reply.json["recent"] as? [String: Any])
        #expect(recent["repeated"] as? Int == 1 && recent["of"] as? Int == 1 && recent["days"] as? Int == 90)
        // Another league never asked it.
        let other = try get(server, "fingerprints=\(eiffel)&league=quays&days=90").json["recent"] as? [String: Any]
        #expect(other?["repeated"] as? Int == 0)

        // A correction through the API (the second question voided) is in the index soon after.
        let sound = QuestionFingerprint(Question(category: "Science", text: "Sound travels faster in water than in air.", content: .truefalse(answer: true))).description
        func rightAnswers() -> Int? {
            ((try? get(server, "fingerprints=\(sound)").json["questions"] as? [[String: Any]])?.first?["stats"] as? [String: Any])?["right"] as? Int
        }
        #expect(rightAnswers() == 2)
        let void = try LibraryAPILiveTests.request(server.port, "POST", "/api/games/\(played.code)/corrections",
                                                   body: #"{"action":"void","question":2,"reason":"ambiguous"}"#, token: LiveGameServer.editToken)
        #expect(void.status == 200, "\(void.body)")
        #expect(eventually(timeout: 10) { rightAnswers() == 0 })
    }

    @Test func aLibraryPackIsAnsweredQuestionByQuestionInPlayOrder() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let id = try #require(server.game.service.library.entries().first?.id)
        #expect(eventually(timeout: 10) { (try? get(server, "pack=\(id)").status) == 200 })
        let questions = try #require(try get(server, "pack=\(id)").json["questions"] as? [[String: Any]])
        let pack = try #require(server.game.service.library.entry(id)?.pack)
        #expect(questions.count == pack.rounds.flatMap(\.questions).count)
        #expect(questions.first?["round"] as? Int == 0 && questions.first?["index"] as? Int == 0)
        #expect(questions.first?["fingerprint"] as? String == QuestionFingerprint(pack.rounds[0].questions[0]).description)
    }

    /// A room's end adds only its own game, and only a game that counts: an anonymous game of an
    /// inline pack (anyone can create and end one) leaves the index as it was, and a league game of
    /// the same questions is added alone (on 57554d1 every end built the index again from the whole
    /// archive, anonymous games included).
    @Test func anAnonymousInlineGameAddsNothingToTheIndexAndALeagueGameAddsItself() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let eiffel = QuestionFingerprint(Question(category: "Places", text: "Height of the Eiffel Tower, in metres?", content: .number(answer: 300))).description
        #expect(eventually(timeout: 10) { (try? get(server, "fingerprints=\(eiffel)").status) == 200 })
        _ = try CorrectionLiveTests.play(server, league: false)
        let played = try CorrectionLiveTests.play(server)
        let query = "fingerprints=\(eiffel)&league=\(played.league)&days=90"
        // Once the league game is in, the index holds it and nothing else.
        #expect(eventually(timeout: 10) { (((try? get(server, query).json["recent"]) as? [String: Any])?["repeated"] as? Int) == 1 })
        let reply = try get(server, query)
        #expect(reply.json["games"] as? Int == 1, "\(reply.body)")
        let stats = (reply.json["questions"] as? [[String: Any]])?.first?["stats"] as? [String: Any]
        #expect(stats?["timesAsked"] as? Int == 1 && stats?["answers"] as? Int == 2, "\(reply.body)")
    }
}
