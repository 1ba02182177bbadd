import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing

/// The host of a room sees every answer, so hosting a library pack needs the library's edit token:
/// otherwise a player could open the console on a phone, host tonight's pack in a room of their own
/// and read its answers. An inline pack is the host's own and needs none.
@Suite struct LibraryHostingLiveTests {
    @Test func aLibraryCreateWithoutTheEditTokenIsRefusedAndLogsNothing() throws {
        let server = try LiveGameServer {
            $0.rooms.createBurst = 1
            $0.rooms.createsPerMinute = 1
        }
        defer { server.stop() }
        let player = try GameClient(port: server.port)
        for attempt: [String: Any] in [
            ["type": "create", "pack": "pub-classics"],
            ["type": "create", "pack": "pub-classics", "token": "guess-guess-guess-guess"],
            ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken + "x"],
            ["type": "create", "pack": "no-such-pack"],
        ] {
            try player.send(attempt)
            let error = try player.next("error")
            #expect(error["code"] as? String == "token_required", "\(attempt)")
            #expect(error["request"] as? String == "create")
            #expect((error["message"] as? String)?.contains("host link") == true, "\(error)")
        }
        #expect(server.game.service.roomCount == 0)
        #expect(try CrashRecoveryTests.roomsCreated(in: server.archiveDirectory).isEmpty, "a refused create logs nothing")

        // The refusals took none of the address's one create: the real host still gets the room, and plays it.
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken,
                                       "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": true, "shuffleOptions": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        let question = try #require(try ada.next("question")["question"] as? [String: Any])
        #expect(question["correct"] == nil, "a player never gets the answer")
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 0]])
        try ada.next("answer_ack")
        try host.next("answers_closed")
        try host.send(type: "reveal")
        #expect(try ada.next("result")["result"] != nil)
        #expect(try CrashRecoveryTests.roomsCreated(in: server.archiveDirectory) == [code])
    }

    @Test func anInlinePackNeedsNoToken() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        #expect(try host.next("created")["title"] as? String == "Test Night")
    }
}
