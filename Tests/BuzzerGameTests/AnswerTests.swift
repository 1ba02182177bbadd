import Foundation
import Testing
@testable import BuzzerGame

@Suite struct AnswerTests {
    @Test func acceptsAnAnswerOnceAndRefusesDuplicates() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        _ = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 4000, rtt: 100)
        #expect(game.room.currentQuestion!.answers[ann] == RecordedAnswer(value: .option(1), responseMs: 3950, receivedAt: game.now))
        let submission = AnswerSubmission(question: 0, value: .option(2), writtenAt: game.room.currentQuestion!.shownAt)
        game.expectRefused(.answer(ann, submission), code: "already_answered")
    }

    @Test func refusesAnswersOutsideTheWindowAndChangesNothing() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let current = { (game: GameHarness, question: Int) in
            RoomCommand.answer(ann, AnswerSubmission(question: question, value: .option(1), writtenAt: game.room.currentQuestion?.shownAt ?? 0))
        }
        game.expectRefused(current(game, 0), code: "bad_phase")
        try game.send(.start)
        game.expectRefused(current(game, 0), code: "answers_not_open")
        game.openAnswers()
        game.expectRefused(current(game, 1), code: "wrong_question")
        game.expectRefused(.answer(PlayerID(99), AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "unknown_player")
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .bool(true), writtenAt: 0)), code: "invalid_answer")
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .option(4), writtenAt: 0)), code: "invalid_answer")

        // Within the grace: counts.
        let deadline = game.room.currentQuestion!.deadline
        game.now = deadline + 500
        try game.send(current(game, 0))
        // Past the grace, before the close tick ran: late.
        game.now = deadline + 501
        game.expectRefused(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "late_answer")
        // After the close tick: still late (deadline close).
        game.tick()
        game.expectRefused(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "late_answer")
    }

    @Test func answersAfterTheHostClosedAreRefusedAsClosed() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        _ = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        try game.send(.close)
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "question_closed")
        try game.send(.reveal)
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "question_closed")
    }

    @Test func shuffledOptionsAreMappedBackToPackIndices() throws {
        var settings = RoomSettings()
        settings.shuffleOptions = true
        var game = try GameHarness(settings: settings, seed: 7)
        let ann = try game.join("Ann")
        try game.send(.start)
        let entry = game.room.currentQuestion!
        #expect(entry.permutation.sorted() == [0, 1, 2, 3])
        // Same seed, same shuffle: deterministic.
        #expect(entry.permutation == SplitMix64.permutation(count: 4, seed: 7, sequence: 0))
        let view = try #require(game.room.questionView)
        let canberra = try #require(view.options.firstIndex(of: "Canberra"))
        #expect(game.room.hostQuestionView?.correct == .options([canberra]))
        game.openAnswers()
        try game.answer(ann, .option(canberra), afterOpenMs: 0)
        #expect(game.room.currentQuestion!.answers[ann]?.value == .option(1))
        try game.send(.reveal)
        #expect(game.room.players[ann]!.correctCount == 1)
        #expect(game.room.revealView(sequence: 0)?.optionCounts[canberra] == 1)
    }

    @Test func shuffleDiffersBetweenQuestionsAndSeeds() {
        let permutations = (0..<8).map { SplitMix64.permutation(count: 6, seed: 1, sequence: $0) }
        #expect(Set(permutations).count > 1)
        #expect(SplitMix64.permutation(count: 6, seed: 1, sequence: 0) != SplitMix64.permutation(count: 6, seed: 2, sequence: 0))
    }

    @Test func playerViewCarriesNoAnswerBeforeReveal() throws {
        var game = try GameHarness()
        _ = try game.join("Ann")
        try game.send(.start)
        for _ in 0..<6 {
            let view = try #require(game.room.questionView)
            let json = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
            #expect(!json.contains("answer"))
            #expect(!json.contains("correct"))
            #expect(!json.contains("accepted"))
            #expect(!json.contains("Since 1913"))
            #expect(!json.contains("Beatles"))
            #expect(!json.contains("1969"))
            let host = try #require(game.room.hostQuestionView)
            #expect(host.correct != .none || view.kind == .poll)
            try game.send(.reveal)
            if game.room.currentQuestion!.sequence < 5 {
                try game.send(.next)
                if game.room.phase == .leaderboard { try game.send(.next) }
            }
        }
    }

    @Test func revealShowsTheAnswerAndCounts() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 100)
        try game.answer(bob, .option(0), afterOpenMs: 200)
        #expect(game.room.revealView(sequence: 0) == nil)
        try game.send(.reveal)
        let reveal = try #require(game.room.revealView(sequence: 0))
        #expect(reveal.correct == .options([1]))
        #expect(reveal.explanation == "Since 1913.")
        #expect(reveal.optionCounts == [1, 1, 0, 0])
        #expect(reveal.answered == 2)
        #expect(reveal.rightCount == 1)
        let result = try #require(game.room.result(for: bob, sequence: 0))
        #expect(result.outcome == .wrong)
        #expect(result.rank == 2)
    }

    /// With `allowAnswerChange` the last answer counts, timed when it arrived; all-answered does
    /// not close the question (nobody could change their mind), and replay agrees.
    @Test func aChangedAnswerReplacesTheFirstAndIsTimedWhenItArrived() throws {
        var settings = RoomSettings()
        settings.allowAnswerChange = true
        settings.readingTimeMs = 0
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann")
        _ = try game.send(.start)
        let sequence = try #require(game.room.currentQuestion?.sequence)
        game.advance(1_000)
        _ = try game.send(.answer(ann, AnswerSubmission(question: sequence, value: .option(0), writtenAt: 0)))
        #expect(game.room.phase == .open, "everyone answered, but answers stay open to be changed")
        game.advance(2_000)
        _ = try game.send(.answer(ann, AnswerSubmission(question: sequence, value: .option(1), writtenAt: 0)))
        let recorded = try #require(game.room.currentQuestion?.answers[ann])
        #expect(recorded.value == .option(1))
        #expect(recorded.responseMs >= 3_000)
        #expect(try Room.replay(game.log) == game.room)

        var strict = try GameHarness()
        let bob = try strict.join("Bob")
        _ = try strict.send(.start)
        strict.advance(RoomSettings().readingTimeMs + 1_000)
        _ = try strict.send(.answer(bob, AnswerSubmission(question: 0, value: .option(0), writtenAt: 0)))
        strict.expectRefused(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)), code: "already_answered")
    }
}
