import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// A wager round's stakes reach the host (issue 31, "team stakes visible to the host"): its `waiting`
/// lists each team's (or teamless player's) stake once placed, with who placed it, and who has not yet,
/// from the reading time on; its `state` carries the same after a reload. Nobody else gets them.
@Suite struct StakesPublisherTests {
    private func game() throws -> (PublisherHarness, [String: PlayerID]) {
        let pack = QuestionPack(title: "Stakes", rounds: [PackRound(title: "Stakes", wager: true, questions: [
            Question(category: "Science", text: "Symbol for gold?", content: .choice(options: ["Au", "Ag"], answer: 0)),
        ])])
        var settings = RoomSettings()
        settings.teamMode = true
        var harness = try PublisherHarness(pack: pack, settings: settings)
        var ids: [String: PlayerID] = [:]
        for (name, team) in [("Ada", "Les Cervidés du Lac"), ("Bea", "Les Cervidés du Lac"), ("Cy", "Quiztecas Aguiluchos"), ("Dov", nil)] {
            ids[name] = try harness.join(name, team: team)
        }
        try harness.run(.start)
        return (harness, ids)
    }

    private func stakes(_ deliveries: [Delivery]) throws -> [String: Any] {
        let waiting = try #require(deliveries.first { $0.type == "waiting" })
        #expect(waiting.audience == .host)
        return try #require(try PublisherHarness.object(waiting.message)["stakes"] as? [String: Any])
    }

    @Test func theHostSeesWhoHasNotStakedFromTheReadingTime() throws {
        var (harness, _) = try game()
        let stakes = try stakes(harness.flush())
        #expect(stakes["placed"] as? Int == 0 && stakes["total"] as? Int == 3)
        let rows = try #require(stakes["rows"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Les Cervidés du Lac", "Quiztecas Aguiluchos", "Dov"])
        #expect(rows.allSatisfy { $0["amount"] == nil && $0["by"] == nil })
    }

    @Test func aPlacedStakeReachesTheHostWithWhoPlacedIt() throws {
        var (harness, ids) = try game()
        harness.flush()
        let placed = try harness.run(.wager(try #require(ids["Bea"]), question: 0, amount: 300))
        #expect(placed.scheduleFlush)
        try harness.run(.wager(try #require(ids["Dov"]), question: 0, amount: 0))
        let flushed = harness.flush()
        #expect(!flushed.contains { $0.type == "answer_count" }, "a stake is not an answer: the screens' count stays")
        let stakes = try stakes(flushed)
        #expect(stakes["placed"] as? Int == 2 && stakes["total"] as? Int == 3)
        let rows = try #require(stakes["rows"] as? [[String: Any]])
        #expect(rows[0]["name"] as? String == "Les Cervidés du Lac" && rows[0]["amount"] as? Int == 300 && rows[0]["by"] as? String == "Bea")
        #expect(rows[1]["amount"] == nil)
        #expect(rows[2]["name"] as? String == "Dov" && rows[2]["amount"] as? Int == 0 && rows[2]["by"] == nil && rows[2]["player"] != nil)
        // A reloaded console gets them in its state; a player's and a display's state never do.
        #expect(harness.state(for: .host).waiting?.stakes?.placed == 2)
        #expect(harness.state(for: .player(try #require(ids["Cy"]))).waiting == nil)
        #expect(harness.state(for: .display).waiting == nil)
        #expect(!harness.sent.contains { $0.type == "waiting" && $0.audience != .host })
    }

    @Test func outsideAWagerRoundWaitingHasNoStakes() throws {
        var harness = try PublisherHarness()
        _ = try harness.join("Ada")
        try harness.run(.start)
        try harness.openAnswers()
        let waiting = try #require(harness.flush().first { $0.type == "waiting" })
        #expect(!PublisherHarness.json(waiting.message).contains("\"stakes\""))
        #expect(harness.state(for: .host).waiting == nil)
    }
}
