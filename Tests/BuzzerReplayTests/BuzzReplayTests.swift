import Foundation
import Testing
import BuzzerGame
@testable import BuzzerReplay

/// A buzz round from the log: replay verifies it, and the results list each press with its place,
/// its mark and its corrected time.
@Suite struct BuzzReplayTests {
    @Test func aBuzzRoundReplaysAndExportsEachPressWithItsPlaceAndCorrectedTime() throws {
        var settings = RoomSettings()
        settings.scoring = .flat
        settings.rttCompensationCapMs = 300
        let pack = QuestionPack(title: "Buzzer", questions: [
            Question(category: "Capitals", text: "Capital of Peru?", content: .buzz(BuzzQuestion(accepted: ["Lima"], penalty: 2))),
        ])
        var game = try PlayedGame(pack: pack, settings: settings)
        let ann = try game.join("Ann"), bob = try game.join("Bob"), cy = try game.join("Cy")
        try game.send(.start)
        try game.send(.buzz(cy, question: 0, rttMs: 0))  // too soon: a false start
        let opens = game.room.currentQuestion!.opensAt
        game.now = opens
        try game.send(.tick)
        game.now = opens + 400
        try game.send(.buzz(bob, question: 0, rttMs: 20))  // pressed at 390
        game.now = opens + 500
        try game.send(.buzz(ann, question: 0, rttMs: 400))  // pressed at 300
        game.now = opens + 2_000
        try game.send(.tick)
        #expect(game.room.currentQuestion!.buzz.floor == ann)
        try game.send(.markBuzz(right: false))
        try game.send(.markBuzz(right: true))
        try game.send(.end)

        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let replayed = try scan(dir.path).game(GameReference(code: "ABCD"))
        #expect(replayed.isComplete, "\(replayed.errors)")
        let rows = try AnswerExport.rows(of: replayed).filter { $0.kind == .answer }
        #expect(rows.map(\.player) == ["Bob", "Ann"], "rows in arrival order")
        #expect(rows.map(\.answer) == ["2nd, right", "1st, wrong"])
        #expect(rows.map(\.responseMs) == [390, 300])
        #expect(rows.map(\.points) == [1, -2])
        #expect(rows.map(\.outcome) == ["correct", "wrong"])
    }
}
