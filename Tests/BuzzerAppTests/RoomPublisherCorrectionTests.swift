import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// The host's corrections reach every screen at once (issue 31): an adjusted score, a removal or a
/// rename sends the figures on screen again, and the host's "not answered yet" follows drops and removals.
@Suite struct RoomPublisherCorrectionTests {
    /// Ada right, Bob wrong on the first question, Cy did not answer; revealed, with a projector.
    private func revealedGame(_ settings: RoomSettings = RoomSettings()) throws -> (PublisherHarness, [PlayerID]) {
        var game = try PublisherHarness(settings: settings)
        game.displays = 1
        let ids = [try game.join("Ada"), try game.join("Bob"), try game.join("Cy")]
        try game.run(.start)
        try game.openAnswers()
        try game.answer(ids[0], .option(1))
        try game.answer(ids[1], .option(0))
        try game.run(.reveal)
        game.flush()
        game.sent = []
        return (game, ids)
    }

    @Test func anAdjustedScoreOnTheLeaderboardSendsTheLeaderboardAndEveryStandingAgain() throws {
        var (game, ids) = try revealedGame()
        try game.run(.showLeaderboard)
        game.sent = []
        try game.run(.adjustScore(.player(ids[2]), delta: 5000, reason: "bonus"))
        let board = try #require(game.sent.first { $0.type == "leaderboard" })
        #expect(board.audience == .everyone && board.timing == .whenDurable(event: 0))
        guard let payload = board.message.body(as: LeaderboardPayload.self) else { Issue.record("not a leaderboard"); return }
        #expect(payload.players.first?.player == ids[2] && payload.players.first?.score == 5000)
        #expect(game.sent.filter { $0.type == "standing" }.map(\.audience) == ids.map { .player($0) })
    }

    @Test func anAdjustedScoreOnARevealSendsTheRevealAndEachResultAgain() throws {
        var (game, ids) = try revealedGame()
        try game.run(.adjustScore(.player(ids[1]), delta: -100, reason: "phone out"))
        #expect(game.sent.filter { $0.type == "reveal" }.map(\.audience) == [.everyoneButHost, .host])
        let bob = try #require(game.sent.first { $0.type == "result" && $0.audience == .player(ids[1]) })
        guard let payload = bob.message.body(as: ResultPayload.self) else { Issue.record("not a result"); return }
        #expect(payload.result.score == -100 && payload.result.rank == 3)
    }

    /// The sample pack's text question (the 4th) revealed: Ada typed "Beatles" (not the pack's key), Bob "Stones".
    private func typedQuestionRevealed() throws -> (PublisherHarness, PlayerID) {
        var settings = RoomSettings()
        settings.readingTimeMs = 0
        var game = try PublisherHarness(settings: settings)
        game.displays = 1
        let ada = try game.join("Ada"), bob = try game.join("Bob")
        try game.run(.start)
        for _ in 0..<3 {  // round one: choice, multi, true/false, nobody answers
            try game.openAnswers()
            try game.run(.reveal)
            try game.run(.next)
        }
        try game.run(.next)  // round two: the text question
        try game.openAnswers()
        try game.answer(ada, .text("Beatles"))
        try game.answer(bob, .text("Stones"))
        try game.run(.reveal)
        return (game, ada)
    }

    @Test func anAnswerAcceptedFromTheLeaderboardSendsTheBoardNotTheOldReveal() throws {
        var (game, ada) = try typedQuestionRevealed()
        try game.run(.showLeaderboard)
        game.sent = []
        try game.run(.accept(question: 3, text: "Beatles"))
        #expect(!game.sent.contains { $0.type == "reveal" || $0.type == "result" })
        let board = try #require(game.sent.first { $0.type == "leaderboard" })
        guard let payload = board.message.body(as: LeaderboardPayload.self) else { Issue.record("not a leaderboard"); return }
        #expect(payload.players.first?.player == ada && (payload.players.first?.score ?? 0) > 0)
    }

    @Test func aRejectedAnswerOnItsRevealSendsTheRevealAndResultsAgainWithTheRejectOnTheHostsList() throws {
        var (game, ada) = try typedQuestionRevealed()
        try game.run(.accept(question: 3, text: "Beatles"))
        let accepted = try #require(game.sent.last { $0.type == "reveal" && $0.audience == .host })
        #expect(PublisherHarness.json(accepted.message).contains(#""byHost":true"#))
        game.sent = []
        try game.run(.reject(question: 3, text: "beatles"))
        #expect(game.sent.filter { $0.type == "reveal" }.map(\.audience) == [.everyoneButHost, .host])
        let host = try #require(game.sent.first { $0.type == "reveal" && $0.audience == .host })
        #expect(!PublisherHarness.json(host.message).contains("byHost"))
        let result = try #require(game.sent.first { $0.type == "result" && $0.audience == .player(ada) })
        guard let payload = result.message.body(as: ResultPayload.self) else { Issue.record("not a result"); return }
        #expect(payload.result.score == 0 && payload.result.points == 0)
    }

    @Test func aRenameOnTheLeaderboardSendsTheBoardWithTheNewName() throws {
        var (game, ids) = try revealedGame()
        try game.run(.showLeaderboard)
        game.sent = []
        try game.run(.rename(ids[0], nickname: "Ada Lovelace-Byron"))
        let board = try #require(game.sent.first { $0.type == "leaderboard" })
        #expect(PublisherHarness.json(board.message).contains("Ada Lovelace-Byron"))
    }

    @Test func aRemovedPlayerGetsOnlyKickedAndLeavesTheBoard() throws {
        var (game, ids) = try revealedGame()
        try game.run(.showLeaderboard)
        game.sent = []
        try game.run(.kick(ids[0], ban: false))
        #expect(game.sent.filter { $0.audience == .player(ids[0]) }.map(\.type) == ["kicked"])
        let board = try #require(game.sent.first { $0.type == "leaderboard" })
        guard let payload = board.message.body(as: LeaderboardPayload.self) else { Issue.record("not a leaderboard"); return }
        #expect(!payload.players.contains { $0.player == ids[0] } && payload.total == 2)
    }

    @Test func aRemovedPlayerLeavesTheHostsWaitingListAtTheNextFlush() throws {
        var settings = RoomSettings()
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada"), bob = try game.join("Bob")
        try game.run(.start)
        try game.openAnswers()
        game.flush()
        try game.run(.kick(bob, ban: false))
        let waiting = try #require(game.flush().first { $0.type == "waiting" })
        let names = (try PublisherHarness.object(waiting.message)["players"] as? [[String: Any]])?.compactMap { $0["nickname"] as? String }
        #expect(names == ["Ada"])
        _ = ada
    }

    @Test func aDropDuringTheQuestionIsReconnectingUntilItsGraceEnds() throws {
        var settings = RoomSettings()
        settings.dropGraceMs = 8000
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada"), bob = try game.join("Bob")
        try game.run(.start)
        try game.openAnswers()
        game.flush()
        game.now += 500
        try game.run(.playerDisconnected(bob))
        let dropped = game.now
        let waiting = try #require(game.flush().first { $0.type == "waiting" })
        let rows = try #require(try PublisherHarness.object(waiting.message)["players"] as? [[String: Any]])
        let row = try #require(rows.first { $0["nickname"] as? String == "Bob" })
        #expect(row["status"] as? String == "away")
        #expect((row["reconnectingUntil"] as? NSNumber)?.int64Value == dropped + 8000)
        #expect(rows.first { $0["nickname"] as? String == "Ada" }?["reconnectingUntil"] == nil)
        _ = ada
    }
}
