import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// A phone that drops never closes a question on everyone (docs/game-rules.md, "Closing early"):
/// the room waits `dropGraceMs` after the drop, and a phone back within the grace still answers.
/// Real sockets on 127.0.0.1; the times compared are the logged events', not the test's clock.
@Suite(.serialized)
struct DropGraceLiveTests {
    static var pack: [String: Any] { ["title": "Pub night", "questions": [
        ["kind": "choice", "category": "Geography", "text": "Capital of Iceland?", "options": ["Reykjavík", "Oslo", "Helsinki", "Tallinn"], "answer": 0],
    ]] }

    /// A room with Ada, Bea and Eve on the question, Ada and Bea answered; returns every phone (a
    /// phone let go is a phone gone) and Eve's resume token.
    private func everyoneButEveAnswered(_ server: LiveGameServer, graceMs: Int) throws -> (host: GameClient, code: String, phones: [GameClient], token: String) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": Self.pack, "settings": [
            "readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": true, "dropGraceMs": graceMs, "shuffleOptions": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        var phones: [GameClient] = []
        var token = ""
        for name in ["Ada", "Bea", "Eve"] {
            let phone = try GameClient(port: server.port)
            try phone.send(type: "join", ["code": code, "nickname": name])
            token = try #require(try phone.next("joined")["resumeToken"] as? String)
            phones.append(phone)
        }
        try host.send(type: "start")
        for phone in phones { try phone.next("question") }
        for phone in phones.prefix(2) {
            try phone.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 0]])
            try phone.next("answer_ack")
        }
        return (host, code, phones, token)
    }

    private func closes(_ events: [RoomEvent]) -> [AnswersClosed] {
        events.compactMap { if case .answersClosed(let e) = $0 { e } else { nil } }
    }

    @Test func aDropWhenEveryoneElseAnsweredClosesOnlyWhenTheGraceEnds() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, code, phones, _) = try everyoneButEveAnswered(server, graceMs: 1500)
        phones[2].drop()
        let closed = try host.next("answers_closed", timeout: 20)
        #expect(closed["reason"] as? String == "all_answered")

        #expect(eventually { (try? server.loggedEvents(of: code)).map { !closes($0).isEmpty } ?? false })
        let events = try server.loggedEvents(of: code)
        let dropped = try #require(events.compactMap { if case .playerDisconnected(let e) = $0 { e.at } else { nil } }.last)
        let close = try #require(closes(events).first)
        #expect(close.reason == .allAnswered)
        #expect(close.at - dropped >= 1500, "closed \(close.at - dropped) ms after the drop")
        #expect(phones.count == 3)
    }

    @Test func aPlayerBackWithinTheGraceStillAnswersAndThatClosesIt() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        // A long grace: the question must wait for Eve however slow the machine is.
        let (host, code, phones, token) = try everyoneButEveAnswered(server, graceMs: 60_000)
        phones[2].drop()
        let back = try GameClient(port: server.port)
        try back.send(type: "resume", ["code": code, "token": token])
        #expect(try back.next("joined")["resumed"] as? Bool == true)
        let state = try back.next("state")
        #expect(state["phase"] as? String == "open")
        try back.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 0]])
        try back.next("answer_ack")
        let closed = try host.next("answers_closed", timeout: 20)
        #expect(closed["reason"] as? String == "all_answered")
        #expect(phones.count == 3)

        #expect(eventually { (try? server.loggedEvents(of: code)).map { !closes($0).isEmpty } ?? false })
        let events = try server.loggedEvents(of: code)
        let answers = events.filter { if case .answerRecorded = $0 { true } else { false } }
        #expect(answers.count == 3)
    }
}
