import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// A page loads a question kind only when its game needs it (docs/web-clients.md, "Weight"): the
/// first message of every way into a room names the pack's kinds, so the page has them before the
/// first question.
@Suite(.serialized)
struct EntryKindsLiveTests {
    @Test func createJoinResumeHostAndWatchEachNameThePacksKinds() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        // LiveGameServer.pack: a choice and a text question, then a number question.
        let kinds = ["choice", "text", "number"]

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        let created = try host.next("created")
        #expect(created["kinds"] as? [String] == kinds)
        let code = try #require(created["code"] as? String)
        let token = try #require(created["hostToken"] as? String)

        let phone = try GameClient(port: server.port, room: code)
        try phone.send(type: "join", ["code": code, "nickname": "Ada"])
        let joined = try phone.next("joined")
        #expect(joined["kinds"] as? [String] == kinds)
        let resumeToken = try #require(joined["resumeToken"] as? String)

        let back = try GameClient(port: server.port, room: code)
        try back.send(type: "resume", ["code": code, "token": resumeToken])
        #expect(try back.next("joined")["kinds"] as? [String] == kinds)

        let console = try GameClient(port: server.port, room: code)
        try console.send(type: "host", ["code": code, "token": token])
        #expect(try console.next("hosting")["kinds"] as? [String] == kinds)

        let projector = try GameClient(port: server.port, room: code)
        try projector.send(type: "watch", ["code": code])
        #expect(try projector.next("watching")["kinds"] as? [String] == kinds)
    }

    @Test func aRecoveredRoomStillNamesItsKinds() throws {
        let first = try LiveGameServer()
        let host = try GameClient(port: first.port)
        try host.send(type: "create", ["questions": ["title": "Numbers", "questions": [
            ["kind": "number", "category": "History", "text": "Year of the Moon landing?", "answer": 1969],
        ]]])
        let code = try #require(try host.next("created")["code"] as? String)
        first.stop()

        let second = try LiveGameServer(archiveDirectory: first.archiveDirectory)
        defer { second.stop() }
        let projector = try GameClient(port: second.port, room: code)
        try projector.send(type: "watch", ["code": code])
        #expect(try projector.next("watching")["kinds"] as? [String] == ["number"])
    }
}
