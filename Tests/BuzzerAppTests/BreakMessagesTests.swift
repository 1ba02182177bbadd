import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// What the break between rounds sends: one `break` to everyone, a `state` that shows it to whoever
/// comes back, and the host's two countdown messages.
struct BreakMessagesTests {
    private static func packWithBreak() -> QuestionPack {
        var pack = PublisherHarness.samplePack()
        pack.rounds[1].breakBefore = RoundBreak(title: "Half-time", text: "Get your drinks in", minutes: 10)
        return pack
    }

    /// Reveals the first round's questions up to its leaderboard, then `next` into the break.
    private static func playIntoTheBreak(_ game: inout PublisherHarness) throws -> RoomPublisher.Publication {
        try game.run(.start)
        while game.room.phase != .leaderboard {
            try game.run(game.room.phase == .revealed ? .next : .reveal)
            game.now += 1000
        }
        return try game.run(.next)
    }

    @Test func everyoneGetsTheBreakOnceItIsDurable() throws {
        var game = try PublisherHarness(pack: Self.packWithBreak())
        _ = try game.join("Ada")
        game.displays = 1
        let publication = try Self.playIntoTheBreak(&game)
        #expect(publication.deliveries.map(\.type) == ["break"])
        let delivery = try #require(publication.deliveries.first)
        #expect(delivery.audience == .everyone)
        #expect(delivery.timing == .whenDurable(event: 0))
        let object = try PublisherHarness.object(delivery.message)
        let slide = try #require(object["break"] as? [String: Any])
        #expect(slide["title"] as? String == "Half-time")
        #expect(slide["text"] as? String == "Get your drinks in")
        #expect(slide["upNext"] as? String == "Finale")
        #expect((slide["endsAt"] as? NSNumber)?.int64Value == game.now + 600_000)
    }

    @Test func aPlayerWhoComesBackOnABreakSeesIt() throws {
        var game = try PublisherHarness(pack: Self.packWithBreak())
        let ada = try game.join("Ada")
        _ = try Self.playIntoTheBreak(&game)
        try game.run(.playerDisconnected(ada))
        try game.run(.resume(tokenHash: "token-Ada", newTokenHash: nil))
        for role: ClientState.Role in [.player(ada), .display, .host] {
            let state = game.state(for: role)
            #expect(state.phase == .onBreak)
            #expect(state.break?.title == "Half-time")
            #expect(state.question == nil && state.reveal == nil && state.correct == nil)
            #expect(PublisherHarness.json(.state(state)).contains(#""phase":"break""#))
        }
    }

    @Test func theHostsCountdownMessagesMoveEveryScreensCountdown() throws {
        var game = try PublisherHarness(pack: Self.packWithBreak())
        _ = try Self.playIntoTheBreak(&game)
        let host = { (json: String) throws -> RoomCommand? in
            guard case .host(let command) = try ClientMessage.decode(Array(json.utf8), packLimits: QuestionPackLimits()) else { return nil }
            return .hostCommand(command)
        }
        let added = try game.run(try #require(try host(#"{"type":"break_add_time","seconds":300}"#)))
        #expect(added.deliveries.map(\.type) == ["break"])
        #expect(game.room.roomBreak?.endsAt == game.now + 900_000)
        try game.run(try #require(try host(#"{"type":"break_end_countdown"}"#)))
        #expect(game.room.roomBreak?.endsAt == game.now)
        #expect(throws: ClientMessageError.self) { try ClientMessage.decode(Array(#"{"type":"break_add_time","seconds":3601}"#.utf8), packLimits: QuestionPackLimits()) }
        #expect(throws: ClientMessageError.self) { try ClientMessage.decode(Array(#"{"type":"break_add_time","seconds":0}"#.utf8), packLimits: QuestionPackLimits()) }
    }
}
