import BuzzerGame
import Testing
@testable import BuzzerReplay

/// An order question read back from the archive: the timeline, the export and `verify`.
@Suite struct OrderReplayTests {
    @Test func anOrderGameReadsBackWithItsItemsInTheOrderEachPlayerGave() throws {
        let planets = ["Mercury", "Venus", "Earth", "Mars"]
        let pack = QuestionPack(title: "Planets", questions: [
            Question(category: "Space", text: "Nearest the Sun first", content: .order(items: planets)),
        ])
        var game = try PlayedGame(pack: pack)
        let ann = try game.join("Ann"), bob = try game.join("Bob"), cid = try game.join("Cid")
        try game.send(.start)
        let permutation = game.room.currentQuestion!.permutation
        let shown = { (items: [Int]) in AnswerValue.ranking(items.map { permutation.firstIndex(of: $0)! }) }
        try game.play([(ann, shown([0, 1, 2, 3]), 900), (bob, shown([0, 1, 3, 2]), 1200), (cid, shown([0, 1, 3, 2]), 1500)])
        #expect(game.room.phase == .ended)
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)

        let found = try scan(dir.path, depth: .timeline).game(GameReference(code: "ABCD"))
        let question = try #require(try GameTimeline(found).questions.first)
        #expect(question.correctAnswer == "Mercury > Venus > Earth > Mars")
        #expect(question.right == 1)
        #expect(question.distribution.map(\.answer) == ["Mercury > Venus > Mars > Earth", "Mercury > Venus > Earth > Mars"])
        #expect(question.distribution.map(\.count) == [2, 1])
        let rows = try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "ABCD")))
        #expect(rows.first { $0.player == "Bob" && $0.kind == .answer }?.answer == "Mercury > Venus > Mars > Earth")
        #expect(rows.first { $0.player == "Bob" && $0.kind == .answer }?.outcome == "partial")
        #expect(try VerifyReport(scan(dir.path)).ok)
    }

    /// Issue 28, defect 6: the shown order is drawn differently now, but a log keeps the order it
    /// showed (`question_shown.permutation`), and replay reads it from there: a game from before,
    /// shown in the old rotated order, reads back and verifies as it was played.
    @Test func aGameShownInTheOldRotatedOrderStillVerifies() throws {
        let planets = ["Mercury", "Venus", "Earth", "Mars"]
        let pack = QuestionPack(title: "Planets", questions: [
            Question(category: "Space", text: "Nearest the Sun first", content: .order(items: planets)),
        ])
        var game = try PlayedGame(pack: pack)
        let ann = try game.join("Ann"), bob = try game.join("Bob")
        try game.send(.start)
        try game.play([(ann, .ranking([0, 1, 2, 3]), 900), (bob, .ranking([3, 2, 1, 0]), 1200)])
        // What the old code logged when its draw landed on the right order: turned by one place.
        let rotated = [1, 2, 3, 0]
        let index = try #require(game.log.firstIndex { if case .questionShown = $0 { true } else { false } })
        guard case .questionShown(var shown) = game.log[index] else { return }
        #expect(shown.permutation != rotated, "seed 42 draws another order now")
        shown.permutation = rotated
        game.log[index] = .questionShown(shown)
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        #expect(try VerifyReport(scan(dir.path)).ok)
        let question = try #require(try GameTimeline(scan(dir.path, depth: .timeline).game(GameReference(code: "ABCD"))).questions.first)
        #expect(question.correctAnswer == "Mercury > Venus > Earth > Mars")
    }
}
