import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// An order question over real sockets: the shuffled items, the checks on an order, the reveal, the results file.
@Suite(.serialized)
struct OrderLiveTests {
    static let planets = ["Mercury", "Venus", "Earth", "Mars"]

    @Test func anOrderQuestionIsShuffledCheckedRevealedAndExportedReadably() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let pack: [String: Any] = ["title": "Planets", "partialCredit": "perItem", "questions": [
            ["kind": "order", "category": "Space", "text": "Nearest the Sun first", "items": Self.planets],
        ]]
        try host.send(type: "create", ["questions": pack, "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": true]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("state")

        try host.send(type: "start")
        let shown = try #require((try ada.next("question")["question"] as? [String: Any])?["options"] as? [String])
        let onScreen = try #require((try display.next("question")["question"] as? [String: Any])?["options"] as? [String])
        let hostCorrect = try #require(((try host.next("question")["correct"]) as? [String: Any])?["order"] as? [Int])
        // Shuffled, never the right order, the same on the phone and the projector; the host has the answer.
        #expect(shown.sorted() == Self.planets.sorted() && shown != Self.planets)
        #expect(onScreen == shown)
        #expect(hostCorrect.map { shown[$0] } == Self.planets)

        // An item twice is refused where it enters; the wrong count by the room; neither changes anything.
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "order", "order": [0, 0, 1, 2]]])
        #expect(try ada.next("error")["code"] as? String == "bad_message")
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "order", "order": [0, 1, 2]]])
        let short = try ada.next("error")
        #expect(short["code"] as? String == "invalid_answer")
        #expect((short["message"] as? String)?.contains("all 4 items") == true)

        // Mercury and Venus in place, Earth and Mars swapped.
        let sent = [0, 1, 3, 2].map { hostCorrect[$0] }
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "order", "order": sent]])
        #expect((try ada.next("answer_ack")["lockedIn"] as? [String: Any])?["order"] as? [Int] == sent)
        try host.next("answers_closed")
        try host.send(type: "reveal")
        let reveal = try #require(try display.next("reveal")["reveal"] as? [String: Any])
        #expect((reveal["correct"] as? [String: Any])?["order"] as? [Int] == hostCorrect)
        #expect((reveal["optionCounts"] as? [Int]).map { counts in hostCorrect.map { counts[$0] } } == [1, 1, 0, 0])
        #expect(reveal["rightCount"] as? Int == 0)
        let result = try #require(try ada.next("result")["result"] as? [String: Any])
        #expect(result["outcome"] as? String == "partial")
        try host.send(type: "end")
        try host.next("ended")

        // The results file names the items in the order the player put them.
        let csv = try TestWebSocketClient.httpGet(port: server.port, path: "/api/rooms/\(code)/results.csv", headers: ["Authorization": "Bearer \(token)"])
        #expect(csv.status == 200)
        #expect(csv.body.contains("Mercury > Venus > Mars > Earth"), "\(csv.body)")
        #expect(csv.body.contains(",partial,"))
        let json = try TestWebSocketClient.httpGet(port: server.port, path: "/api/rooms/\(code)/results.json", headers: ["Authorization": "Bearer \(token)"])
        #expect(json.body.contains("Mercury > Venus > Mars > Earth"))

        // The log replays to the same room.
        #expect(eventually { (try? server.loggedEvents(of: code).last?.type) == "room_ended" })
        let replayed = try Room.replay(try server.loggedEvents(of: code))
        #expect(replayed.asked[0].permutation.map { Self.planets[$0] } == shown)
        #expect(replayed.standings.players.first?.score == (result["score"] as? Int))
    }
}
