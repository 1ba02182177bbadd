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
        let shown = { (items: [Int]) in AnswerValue.order(items.map { permutation.firstIndex(of: $0)! }) }
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
}
