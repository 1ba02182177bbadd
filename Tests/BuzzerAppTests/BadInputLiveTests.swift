import BuzzerApp
import BuzzerTestSupport
import BuzzerWebSocket
import Foundation
import Testing

/// Every bad input gets an `error` with a stable code, and changes nothing.
@Suite(.serialized)
struct BadInputLiveTests {
    @Test func malformedAndUnknownMessagesGetBadMessage() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let client = try GameClient(port: server.port)
        try client.socket.send(text: "{not json")
        #expect(try client.next("error")["code"] as? String == "bad_message")
        try client.socket.send(text: "[1,2]")
        #expect(try client.next("error")["code"] as? String == "bad_message")
        try client.send(type: "teleport")
        let unknown = try client.next("error")
        #expect(unknown["code"] as? String == "bad_message")
        #expect((unknown["message"] as? String)?.contains("teleport") == true)
        #expect(unknown["request"] as? String == "teleport")
        try client.send(["type": "join", "code": 12])
        let mistyped = try client.next("error")
        #expect((mistyped["message"] as? String)?.contains("\"code\" must be a string") == true)
        #expect(mistyped["request"] as? String == "join")
        try client.socket.send(binary: [1, 2, 3])
        #expect(try client.next("error")["code"] as? String == "bad_message")
        try client.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 0]])
        #expect(try client.next("error")["code"] as? String == "not_in_room")
        // The connection is still usable.
        try client.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try client.next("created")
    }

    @Test func invalidPacksAndSettingsAreRefusedWithTheirPath() throws {
        // Seven creates on one connection, every refused one counted (`createsPerConnection`).
        let server = try LiveGameServer { $0.rooms.createsPerConnection = 10 }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let bad: [String: Any] = ["title": "Bad", "questions": [
            ["kind": "choice", "category": "X", "text": "Q?", "options": ["1569", "1569"], "answer": 0]]]
        try host.send(type: "create", ["questions": bad])
        let error = try host.next("error")
        #expect(error["code"] as? String == "bad_message")
        #expect((error["message"] as? String)?.contains("questions[0].options") == true)
        let both = try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken, "questions": LiveGameServer.pack])
        #expect(both == "bad_message")
        #expect(try host.expectError(after: ["type": "create", "pack": "no-such-pack", "token": LiveGameServer.editToken]) == "pack_not_found")
        #expect(try host.expectError(after: ["type": "create", "pack": "../config", "token": LiveGameServer.editToken]) == "pack_not_found")
        // Issue 28, defect 8: an inline pack whose title sets the terminal's title and clears its screen.
        let escape: [String: Any] = ["title": "\u{1B}]0;pwned\u{7}\u{1B}[2J", "questions": [
            ["kind": "truefalse", "category": "X", "text": "Q?", "answer": true]]]
        try host.send(type: "create", ["questions": escape])
        let refused = try host.next("error")
        #expect(refused["code"] as? String == "bad_message")
        #expect((refused["message"] as? String)?.contains("title: holds the control character U+001B") == true, "\(refused)")
        #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken, "settings": ["warpSpeed": 9]]) == "invalid_settings")
        #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken, "settings": ["timeLimitSeconds": 0]]) == "invalid_settings")
        #expect(server.game.service.roomCount == 0)
    }

    @Test func duplicateNamesLockedRoomsAndKicksAreRefused() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "  Ada  "])
        let joined = try ada.next("joined")
        #expect(joined["nickname"] as? String == "Ada")
        let token = try #require(joined["resumeToken"] as? String)
        let copy = try GameClient(port: server.port)
        #expect(try copy.expectError(after: ["type": "join", "code": code, "nickname": "ADA"]) == "name_taken")
        // A Cyrillic А: look-alikes are the same name (NameSkeleton).
        #expect(try copy.expectError(after: ["type": "join", "code": code, "nickname": "\u{0410}da"]) == "name_taken")
        #expect(try copy.expectError(after: ["type": "join", "code": code, "nickname": "   "]) == "name_invalid")
        #expect(try copy.expectError(after: ["type": "join", "code": code, "nickname": String(repeating: "x", count: 25)]) == "name_invalid")
        try host.send(type: "lock")
        try host.next("ok")
        #expect(try copy.expectError(after: ["type": "join", "code": code, "nickname": "Bob"]) == "room_locked")
        try host.send(type: "unlock")
        try host.next("ok")
        try host.send(type: "kick", ["player": 1, "ban": true])
        try host.next("ok")
        #expect(try ada.next("kicked")["ban"] as? Bool == true)
        let back = try GameClient(port: server.port)
        #expect(try back.expectError(after: ["type": "resume", "code": code, "token": token]) == "kicked")
        #expect(try back.expectError(after: ["type": "join", "code": code, "nickname": "ada"]) == "banned")
    }

    @Test func roomLimitsAndOneRoomPerConnectionAreEnforced() throws {
        let server = try LiveGameServer { $0.rooms.maxRooms = 1; $0.rooms.endedRoomRetentionSeconds = 0 }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "already_in_room")
        #expect(try host.expectError(after: ["type": "join", "code": code, "nickname": "Me"]) == "already_in_room")
        let other = try GameClient(port: server.port)
        #expect(try other.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "too_many_rooms")

        // An ended room is dropped after its retention (0 s here), which frees the slot.
        try host.send(type: "end")
        try host.next("ended")
        #expect(eventually { server.game.service.roomCount == 0 })
        #expect(try other.expectError(after: ["type": "join", "code": code, "nickname": "Late"]) == "room_not_found")
        try other.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try other.next("created")
    }

    @Test func aSecondConnectionForTheSameSeatReplacesTheFirstAndKicksClose4003() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let code = try #require(try host.next("created")["code"] as? String)
        let phone = try GameClient(port: server.port)
        try phone.send(type: "join", ["code": code, "nickname": "Ada"])
        let token = try #require(try phone.next("joined")["resumeToken"] as? String)
        let laptop = try GameClient(port: server.port)
        try laptop.send(type: "resume", ["code": code, "token": token])
        try laptop.next("joined")
        #expect(throws: GameClientError.self) { try phone.next("never") }
        #expect(phone.lastCloseCode == 4000)

        try host.send(type: "kick", ["player": 1])
        try laptop.next("kicked")
        #expect(throws: GameClientError.self) { try laptop.next("never") }
        #expect(laptop.lastCloseCode == 4003)
    }

    @Test func aMessageOverTheSizeLimitClosesWith1009() throws {
        let server = try LiveGameServer { $0.websocket.maxMessageSize = 4096; $0.websocket.maxFrameSize = 4096 }
        defer { server.stop() }
        let client = try GameClient(port: server.port)
        try client.socket.send(text: "{\"type\":\"join\",\"nickname\":\"" + String(repeating: "x", count: 5000) + "\"}")
        let frame = try client.socket.receiveMessage()
        #expect(frame.opcode == .close)
        #expect(frame.closeCode == 1009)
    }

    @Test func healthReportsRoomsConnectionsAndTheArchive() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try host.next("created")
        let (status, body) = try httpGet(port: server.port, path: "/healthz")
        #expect(status == 200)
        #expect(body.contains("\"rooms\":1"))
        #expect(body.contains("\"connections\":1"))
        #expect(body.contains("\"archive\":\"ok\""))
        let packs = try httpGet(port: server.port, path: "/api/packs")
        #expect(packs.0 == 200)
        #expect(packs.1.contains("\"id\":\"pub-classics\""))
    }

    func httpGet(port: Int, path: String) throws -> (Int, String) {
        try TestWebSocketClient.httpGet(port: port, path: path)
    }
}
