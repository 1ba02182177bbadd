import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

/// The host's corrections while a question runs: pause, resume, add time, skip, re-open and
/// undo a reveal. The clock-fairness rule: nobody gains or loses answering time or points
/// to a stopped clock.
@Suite struct RunOfShowTests {
    @Test func aPauseGivesBackEveryMillisecondOfAnsweringTime() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        _ = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        let deadline = game.room.currentQuestion!.deadline
        game.advance(5_000)
        try game.send(.pauseClock)
        #expect(game.room.questionView?.pausedLeftMs == 15_000)
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "paused")
        game.advance(60_000)
        #expect(game.tick().isEmpty, "a paused question does not close at its deadline")
        #expect(game.room.phase == .open)
        try game.send(.resumeClock)
        #expect(game.room.currentQuestion!.deadline == deadline + 60_000)
        #expect(game.room.questionView?.pausedLeftMs == nil)
        #expect(game.room.questionView?.timeLimitMs == 20_000)
        game.advance(1_000)
        try game.send(.answer(ann, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)))
        #expect(game.room.currentQuestion!.answers[ann]!.responseMs == 6_000, "the minute paused is not charged")
        try game.send(.reveal)
        #expect(game.score(ann) == 850)  // 1000 × (40 − 6) / 40
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aPauseWhileReadingMovesTheOpening() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.start)
        let opensAt = game.room.currentQuestion!.opensAt
        game.advance(1_000)
        try game.send(.pauseClock)
        #expect(game.room.questionView?.pausedLeftMs == 2_000)
        game.advance(30_000)
        #expect(game.tick().isEmpty)
        #expect(game.room.phase == .reading)
        try game.send(.resumeClock)
        #expect(game.room.currentQuestion!.opensAt == opensAt + 30_000)
        #expect(game.room.currentQuestion!.stoppages.isEmpty, "reading time is not answering time")
        game.openAnswers()
        #expect(game.room.phase == .open)
        try game.answer(ann, .option(1), afterOpenMs: 2_000)
        #expect(game.room.currentQuestion!.answers[ann]!.responseMs == 2_000)
    }

    @Test func pauseAndResumeAreRefusedTwiceAndOutsideAQuestion() throws {
        var game = try GameHarness()
        _ = try game.join("Ann")
        game.expectRefused(.pauseClock, code: "bad_phase")
        try game.send(.start)
        game.expectRefused(.resumeClock, code: "cannot_change_clock")
        try game.send(.pauseClock)
        game.expectRefused(.pauseClock, code: "cannot_change_clock")
        try game.send(.close)
        #expect(game.room.currentQuestion!.isPaused == false, "closing ends the pause")
        game.expectRefused(.resumeClock, code: "bad_phase")
        game.expectRefused(.addTime(ms: 10_000), code: "bad_phase")
    }

    @Test func addedTimeMovesTheDeadlineAndTheWindowForEveryone() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 10_000)
        let deadline = game.room.currentQuestion!.deadline
        game.expectRefused(.addTime(ms: 0), code: "cannot_change_clock")
        game.expectRefused(.addTime(ms: 601_000), code: "cannot_change_clock")
        try game.send(.addTime(ms: 20_000))
        #expect(game.room.currentQuestion!.deadline == deadline + 20_000)
        #expect(game.room.questionView?.timeLimitMs == 40_000)
        game.advance(15_000)  // past the old deadline
        #expect(game.tick().isEmpty)
        try game.send(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)))
        try game.send(.reveal)
        // Both scored on the same 40 s window: Ann at 10 s, Bob at 25 s.
        #expect(game.score(ann) == 875)
        #expect(game.score(bob) == 688)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aSkippedQuestionIsNeverScoredAndTheNextOneFollows() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 1_000)
        let events = try game.send(.skip)
        #expect(events.map(\.type) == ["question_skipped", "question_shown"])
        #expect(game.room.asked[0].skipped)
        #expect(!game.room.asked[0].isRevealed)
        #expect(game.room.currentQuestion!.sequence == 1)
        #expect(game.room.phase == .reading)
        #expect(game.score(ann) == 0)
        // Skipping a round's last question brings the round's leaderboard.
        try game.send(.skip)
        let last = try game.send(.skip)
        #expect(last.map(\.type) == ["question_skipped", "leaderboard_shown"])
        game.expectRefused(.skip, code: "bad_phase")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aQuestionClosedByMistakeReopensWithoutChargingTheTimeClosed() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        _ = try game.join("Cid")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 2_000)
        game.advance(3_000)
        try game.send(.close)  // five seconds in, by mistake
        game.advance(30_000)
        game.expectRefused(.reopen(ms: 500), code: "cannot_change_clock")
        try game.send(.reopen(ms: 10_000))
        #expect(game.room.phase == .open)
        #expect(game.room.currentQuestion!.answers[ann] != nil, "answers given before the close still count")
        #expect(game.room.currentQuestion!.answerWindowMs == 15_000)
        game.advance(2_000)
        try game.send(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)))
        #expect(game.room.currentQuestion!.answers[bob]!.responseMs == 7_000)
        game.advance(8_501)
        #expect(game.tick().map(\.type) == ["answers_closed"])
        try game.send(.reveal)
        #expect(game.score(ann) == 933)  // 1000 × (30 − 2) / 30
        #expect(game.score(bob) == 767)  // 1000 × (30 − 7) / 30
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func anUndoneRevealUnscoresTheQuestionAndCannotBeReopened() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 0)
        try game.send(.reveal)
        #expect(game.score(ann) == 1000)
        try game.send(.undoReveal)
        #expect(game.room.phase == .closed)
        #expect(game.score(ann) == 0)
        #expect(game.room.revealView(sequence: 0) == nil)
        game.expectRefused(.undoReveal, code: "bad_phase")
        game.expectRefused(.next, code: "bad_phase")
        game.expectRefused(.reopen(ms: 10_000), code: "cannot_change_clock")
        try game.send(.reveal)
        #expect(game.score(ann) == 1000)
        try game.send(.next)
        game.expectRefused(.undoReveal, code: "bad_phase")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func everyRunOfShowEventRoundTripsThroughTheLogFormat() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        _ = try game.join("Bob")
        try game.send(.start)
        try game.send(.pauseClock)
        try game.send(.resumeClock)
        try game.send(.addTime(ms: 5_000))
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 100)
        try game.send(.close)
        try game.send(.reopen(ms: 5_000))
        try game.send(.reveal)
        try game.send(.undoReveal)
        try game.send(.skip)
        let lines = try game.log.map { try JSONEncoder().encode($0) }
        let decoded = try lines.map { try JSONDecoder().decode(RoomEvent.self, from: $0) }
        #expect(decoded == game.log)
        let types = Set(game.log.map(\.type))
        for type in ["clock_paused", "clock_resumed", "time_added", "answers_reopened", "reveal_undone", "question_skipped"] {
            #expect(types.contains(type))
        }
        #expect(try Room.replay(decoded) == game.room)
    }
}
