import Testing
@testable import BuzzerGame

/// Issue 41: a buzz question's clock stands still while a player holds the floor (answering aloud or
/// typing), with no pause on screen, and moves the deadline on when the floor is let go; a host's
/// pause takes over and a resume hands it back.
@Suite struct BuzzClockHoldTests {
    private func press(_ game: inout GameHarness, _ id: PlayerID) throws(GameError) {
        try game.send(.buzz(id, question: game.room.currentQuestion!.sequence, rttMs: 0))
    }

    /// Ticks at the instant the floor is due.
    private func settle(_ game: inout GameHarness) {
        if let due = game.room.buzzFloorDue() { game.now = max(game.now, due) }
        game.tick()
    }

    @Test func theClockStandsStillWhileAPlayerHoldsTheFloorAndMovesOnWhenLetGo() throws {
        var (game, ids) = try BuzzQuestionTests.game(names: ["Ann", "Bob", "Cy"])
        game.openAnswers()
        let deadline = game.room.currentQuestion!.deadline
        game.advance(100)
        try press(&game, ids[0])
        settle(&game)
        let heldAt = game.now
        #expect(game.room.currentQuestion!.heldSince == heldAt)
        #expect(game.room.questionView?.heldLeftMs == deadline.minus(heldAt))
        #expect(game.room.questionView?.pausedLeftMs == nil, "a floor is no pause: nothing on screen says paused")
        #expect(game.room.buzzView?.heldLeftMs == deadline.minus(heldAt))

        // A minute past the deadline, answering aloud: the question is still open, and others may still press.
        game.now = deadline.plus(60_000)
        #expect(game.tick().isEmpty)
        #expect(game.room.phase == .open)
        try press(&game, ids[1])

        // Wrong: the floor passes to Bob once no fairer press can arrive, and holds the clock again.
        try game.send(.markBuzz(right: false))
        settle(&game)
        #expect(game.room.currentQuestion!.buzz.floor == ids[1])
        #expect(game.room.currentQuestion!.heldSince == game.now)
        game.advance(5_000)
        // Wrong again, nobody waiting: the clock runs from where it stood.
        try game.send(.markBuzz(right: false))
        let current = game.room.currentQuestion!
        #expect(current.heldSince == nil)
        #expect(current.stoppages.count == 2)
        let newDeadline = current.deadline
        #expect(newDeadline == deadline.plus(current.stoppages.reduce(0) { $0.plus($1.durationMs) }))
        #expect(newDeadline.minus(game.now) < deadline.minus(heldAt), "only the tie window between the two floors ran")
        #expect(newDeadline.minus(game.now) >= deadline.minus(heldAt).minus(1_000))
        #expect(game.room.questionView?.heldLeftMs == nil)
        #expect(current.answerWindowMs == 20_000, "the window, stoppages left out, is the time limit")
        game.now = newDeadline.plus(game.room.currentQuestion!.closesAt.minus(game.room.currentQuestion!.deadline)).plus(1)
        #expect(game.tick().map(\.type) == ["answers_closed"])
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func theFloorHolderMayStillTypeTheAnswerPastTheFirstDeadline() throws {
        var (game, ids) = try BuzzQuestionTests.game(names: ["Ann", "Bob"])
        game.openAnswers()
        let deadline = game.room.currentQuestion!.deadline
        try press(&game, ids[0])
        settle(&game)
        game.now = deadline.plus(45_000)
        game.tick()
        let typed = try game.answer(ids[0], .text("paris"))
        #expect(typed.map(\.type) == ["buzz_marked", "answers_closed", "question_revealed"])
        #expect(game.score(ids[0]) == 1)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aPauseTakesOverTheHoldAndAResumeGivesItBack() throws {
        var (game, ids) = try BuzzQuestionTests.game(names: ["Ann", "Bob"])
        game.openAnswers()
        try press(&game, ids[0])
        settle(&game)
        let left = try #require(game.room.questionView?.heldLeftMs)
        game.advance(3_000)
        try game.send(.pauseClock)
        #expect(game.room.currentQuestion!.heldSince == nil)
        #expect(game.room.questionView?.pausedLeftMs == left, "the pause shows the time the floor held")
        game.advance(10_000)
        try game.send(.resumeClock)
        #expect(game.room.currentQuestion!.heldSince == game.now, "the floor is still held: so is the clock")
        #expect(game.room.questionView?.heldLeftMs == left)
        #expect(try Room.replay(game.log) == game.room)
    }
}
