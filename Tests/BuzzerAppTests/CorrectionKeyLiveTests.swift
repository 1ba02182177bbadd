@testable import BuzzerApp
import BuzzerTestSupport
import Foundation
import Synchronization
import Testing

/// `GET|POST /api/games/GAME/corrections` checks the key against the host keys of the games this
/// instance's log holds before it reads any line (docs/threat-model.md): a code that names no game
/// counts as a wrong code from the address, as a `join` does, and is refused 429 past
/// `rooms.failedJoinsPerMinute`; a wrong key for a game that exists is 401, never counted; after a
/// restart the log's games are known again.
@Suite struct CorrectionKeyLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    func get(_ server: LiveGameServer, _ game: String, token: String?) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "GET", "/api/games/\(game)/corrections", token: token)
    }

    @Test func anUnknownGameCountsAsAWrongCodeAndAKnownOneIsCheckedFromMemory() throws {
        let directory = ScratchFolder.make("buzzer-correction-keys", create: false)
        var server = try LiveGameServer(archiveDirectory: directory) { $0.rooms.failedJoinsPerMinute = 3 }
        defer { server.stop() }
        let played = try CorrectionLiveTests.play(server)

        // A wrong key for a game that exists: 401 however often, and it spends nothing of the budget.
        for _ in 0..<5 { #expect(try get(server, played.code, token: "not-the-key").status == 401) }
        // Codes that name no game: 401 like a wrong key within the budget, then 429 with Retry-After, GET and POST alike.
        for n in 0..<3 { #expect(try get(server, "ZZZZ\(n)", token: "any-key").status == 401) }
        let limited = try LibraryAPILiveTests.request(server.port, "POST", "/api/games/QQQQ/corrections",
                                                      body: #"{"action":"void","question":1,"reason":"x"}"#, token: "any-key")
        #expect(limited.status == 429 && limited.header("Retry-After") != nil, "\(limited.status) \(limited.body)")
        // The edit token is told an unknown game is unknown, and the right key still works from the same address.
        #expect(try get(server, "ZZZZ", token: LiveGameServer.editToken).status == 404)
        #expect(try get(server, played.code, token: played.hostToken).status == 200)

        // A restart knows the log's games again, from its start-up read: the host key opens the game.
        server.stop()
        server = try LiveGameServer(archiveDirectory: directory) { $0.rooms.endedRoomRetentionSeconds = 0 }
        #expect(server.game.service.context.registry.hostTokenHash(played.code) == nil, "the ended room is not kept")
        #expect(server.game.service.context.hostKeys.hashes(played.code).count == 1)
        #expect(try get(server, played.code, token: played.hostToken).status == 200)
        #expect(try get(server, played.code, token: "not-the-key").status == 401)
        // Its room is not kept, so the game is read from the whole log: one such read at a time.
        let context = server.game.service.context
        #expect(context.wholeLogReads.withLock { $0.acquire("") })
        let busy = try get(server, played.code, token: played.hostToken)
        #expect(busy.status == 503 && busy.json["code"] as? String == "busy" && busy.header("Retry-After") == "1", "\(busy.status) \(busy.body)")
        context.wholeLogReads.withLock { $0.release("") }
        #expect(try get(server, played.code, token: played.hostToken).status == 200)
    }

    /// The key is found in the `room_created` line's bytes, not by decoding its pack.
    @Test func theHostKeyIsReadFromTheCreatedLineWithoutItsPack() {
        let line = Array(#"{"v":1,"seq":1,"room":"ABCD","type":"room_created","at":1,"code":"ABCD","pack":{"title":"say \"host_token_hash\":\"x\""},"host_token_hash":"abc123"}"#.utf8)
        #expect(HostKeys.hostTokenHash(in: line) == "abc123")
        #expect(HostKeys.hostTokenHash(in: Array(#"{"type":"room_created"}"#.utf8)) == nil)
    }
}
