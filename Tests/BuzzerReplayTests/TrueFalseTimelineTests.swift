import BuzzerGame
import Testing
@testable import BuzzerReplay

/// A true/false question's timeline: its two fixed rows (`AnswerDistribution.rows`, from the kind's
/// module, not a case of its own in the timeline), true first, each answer in the row it names.
@Suite struct TrueFalseTimelineTests {
    @Test func aTrueFalseQuestionsTimelineCountsTrueThenFalseWithTheRightOneMarked() throws {
        let pack = QuestionPack(title: "Facts", questions: [
            Question(category: "Science", text: "Water boils at 100 °C at sea level", content: .truefalse(answer: true)),
        ])
        var game = try PlayedGame(pack: pack)
        let ann = try game.join("Ann"), bob = try game.join("Bob"), cid = try game.join("Cid")
        try game.send(.start)
        try game.play([(ann, .bool(true), 900), (bob, .bool(false), 1200), (cid, .bool(true), 1500)])
        #expect(game.room.phase == .ended)
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)

        let question = try #require(try GameTimeline(scan(dir.path, depth: .timeline).game(GameReference(code: "ABCD"))).questions.first)
        #expect(question.distribution.map(\.answer) == ["true", "false"])
        #expect(question.distribution.map(\.count) == [2, 1])
        #expect(question.distribution.map(\.correct) == [true, false])
    }
}
