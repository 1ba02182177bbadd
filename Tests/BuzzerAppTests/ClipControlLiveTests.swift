import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// Music rounds (issue 31): the host's remote for a question's clip (`clip`) reaches every projector
/// of the room and nothing else; only the host may send it, and its volume is checked where it
/// enters; only a projector reports its sound (`sound`), and the host is told how many can be heard
/// (`display_sound`). Neither changes the game, so neither is logged.
@Suite(.serialized)
struct ClipControlLiveTests {
    /// A room with a host, two projectors and a player, on its first question (answers open at once).
    func roomOnAQuestion(_ server: LiveGameServer) throws -> (host: GameClient, displays: [GameClient], player: GameClient, code: String) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60]])
        let code = try #require(try host.next("created")["code"] as? String)
        let displays = try (0..<2).map { _ in
            let display = try GameClient(port: server.port)
            try display.send(type: "watch", ["code": code])
            try display.next("watching")
            return display
        }
        try host.next(after: ["display_sound"]) { $0["displays"] as? Int == 2 }
        let player = try GameClient(port: server.port)
        try player.send(type: "join", ["code": code, "nickname": "Zoë"])
        try player.next("joined")
        try host.send(type: "start")
        for display in displays { try display.next("question") }
        try player.next("question")
        return (host, displays, player, code)
    }

    @Test func theHostsClipReachesEveryProjectorAndIsNotLogged() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let room = try roomOnAQuestion(server)

        try room.host.send(type: "clip", ["action": "play", "volume": 80])
        #expect(try room.host.next("ok")["request"] as? String == "clip")
        for display in room.displays {
            let clip = try display.next("clip")
            #expect(clip["action"] as? String == "play")
            #expect(clip["volume"] as? Int == 80)
        }
        try room.host.send(type: "clip", ["action": "stop"])
        try room.host.next("ok")
        for display in room.displays {
            let clip = try display.next("clip")
            #expect(clip["action"] as? String == "stop")
            #expect(clip["volume"] == nil, "no volume unless the host set one")
        }
        // The player is not a projector: the next thing it hears is the close of the question, not a clip.
        try room.host.send(type: "close")
        try room.player.next("answers_closed")
        #expect(!room.player.received.contains { $0["type"] as? String == "clip" })
        #expect(!room.host.received.contains { $0["type"] as? String == "clip" })
        #expect(try !server.loggedEvents(of: room.code).contains { "\($0)".lowercased().contains("clip") })
    }

    @Test func aProjectorThatComesLateIsToldTheVolumeTheHostSet() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let room = try roomOnAQuestion(server)
        let early = try GameClient(port: server.port)
        try early.send(type: "watch", ["code": room.code])
        try early.next("watching")
        #expect(try early.next("players")["type"] as? String == "players")
        #expect(!early.received.contains { $0["type"] as? String == "clip" }, "no volume before the host sets one")
        try room.host.send(type: "clip", ["action": "volume", "volume": 35])
        try room.host.next("ok")
        try room.host.send(type: "clip", ["action": "play"])
        try room.host.next("ok")
        let late = try GameClient(port: server.port)
        try late.send(type: "watch", ["code": room.code])
        try late.next("watching")
        let clip = try late.next("clip")
        #expect(clip["action"] as? String == "volume" && clip["volume"] as? Int == 35, "\(clip)")
    }

    @Test func aClipFromAPlayerOrAProjectorIsRefusedAsNotHost() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let room = try roomOnAQuestion(server)
        try room.player.send(type: "clip", ["action": "play"])
        let refused = try room.player.next("error")
        #expect(refused["code"] as? String == "not_host")
        #expect(refused["request"] as? String == "clip")
        try room.displays[0].send(type: "clip", ["action": "replay"])
        #expect(try room.displays[0].next("error")["code"] as? String == "not_host")
        // What the projectors get next is the host's own clip, not the refused ones.
        try room.host.send(type: "clip", ["action": "replay"])
        for display in room.displays { #expect(try display.next("clip")["action"] as? String == "replay") }
    }

    @Test(arguments: [
        (#"{"type":"clip","action":"volume","volume":101}"#, "0 to 100"),
        (#"{"type":"clip","action":"volume","volume":-1}"#, "0 to 100"),
        (#"{"type":"clip","action":"volume","volume":50.5}"#, "whole number"),
        (#"{"type":"clip","action":"volume","volume":"loud"}"#, "must be a number"),
        (#"{"type":"clip","action":"volume"}"#, #"needs "volume""#),
        (#"{"type":"clip","action":"louder"}"#, "one of play, replay, stop, volume"),
        (#"{"type":"clip","volume":50}"#, #""action" is missing"#),
    ])
    func aBadVolumeOrActionIsRefusedWithItsRange(json: String, says: String) throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let room = try roomOnAQuestion(server)
        try room.host.socket.send(text: json)
        let refused = try room.host.next("error")
        #expect(refused["code"] as? String == "bad_message")
        #expect(refused["request"] as? String == "clip")
        let message = try #require(refused["message"] as? String)
        #expect(message.contains(says), "\(message)")
        // Nothing reached the projectors: the next clip they get is a good one.
        try room.host.send(type: "clip", ["action": "volume", "volume": 0])
        for display in room.displays { #expect(try display.next("clip")["volume"] as? Int == 0) }
    }

    @Test func aClipOutsideAQuestionIsBadPhase() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack])
        try host.next("created")
        try host.send(type: "clip", ["action": "play"])
        #expect(try host.next("error")["code"] as? String == "bad_phase")
    }

    @Test func onlyAProjectorReportsItsSoundAndTheHostIsToldHowManyCanBeHeard() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let room = try roomOnAQuestion(server)

        try room.displays[0].send(type: "sound", ["on": true])
        var told = try room.host.next(after: ["display_sound"]) { $0["soundOn"] as? Int == 1 }
        #expect(told["displays"] as? Int == 2)

        // A player, or the host, is not a projector.
        try room.player.send(type: "sound", ["on": true])
        let refused = try room.player.next("error")
        #expect(refused["code"] as? String == "bad_message")
        #expect(refused["request"] as? String == "sound")
        try room.host.send(type: "sound", ["on": true])
        #expect(try room.host.next("error")["request"] as? String == "sound")
        try room.displays[1].send(type: "sound", ["on": "yes"])
        #expect(try room.displays[1].next("error")["code"] as? String == "bad_message")

        // A projector that goes takes its sound with it.
        try room.displays[0].socket.sendClose()
        told = try room.host.next(after: ["display_sound"]) { $0["displays"] as? Int == 1 }
        #expect(told["soundOn"] as? Int == 0)
    }
}
