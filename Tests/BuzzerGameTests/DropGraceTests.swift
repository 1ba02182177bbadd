import Testing
@testable import BuzzerGame

/// `closeWhenAllAnswered` waits `dropGraceMs` for a phone that dropped during the question
/// (docs/game-rules.md, "Closing early"); `DropGraceLiveTests` plays the same over sockets.
@Suite struct DropGraceTests {
    @Test func aDropWhenEveryoneElseAnsweredClosesAsItsGraceEnds() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann"), bob = try game.join("Bob"), cid = try game.join("Cid")
        try game.send(.start)
        game.openAnswers()
        #expect(try game.answer(ann, .option(1), afterOpenMs: 1000).map(\.type) == ["answer_recorded"])
        try game.send(.playerDisconnected(cid))
        let dropped = game.now
        #expect(try game.answer(bob, .option(0), afterOpenMs: 2000).map(\.type) == ["answer_recorded"])
        #expect(game.room.phase == .open)
        #expect(game.room.nextDeadline == dropped + game.room.settings.dropGraceMs)
        game.now = dropped + game.room.settings.dropGraceMs - 1
        #expect(game.tick().isEmpty)
        game.now = dropped + game.room.settings.dropGraceMs
        #expect(game.tick().map(\.type) == ["answers_closed"])
        #expect(game.room.currentQuestion!.closeReason == .allAnswered)
    }

    @Test func aPlayerBackWithinTheGraceAnswersAndThatClosesTheQuestion() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann"), cid = try game.join("Cid")
        try game.send(.start)
        game.openAnswers()
        try game.send(.playerDisconnected(cid))
        #expect(try game.answer(ann, .option(1), afterOpenMs: 1000).map(\.type) == ["answer_recorded"])
        game.now += 1000
        try game.send(.resume(tokenHash: "token-Cid", newTokenHash: nil))
        #expect(try game.answer(cid, .option(0)).map(\.type) == ["answer_recorded", "answers_closed"])
    }

    @Test func aLeaveOrADropBeforeTheQuestionIsNotWaitedFor() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann"), bob = try game.join("Bob"), cid = try game.join("Cid")
        try game.send(.playerDisconnected(cid))
        game.now += 1000
        try game.send(.start)
        game.openAnswers()
        #expect(try game.answer(ann, .option(1), afterOpenMs: 500).map(\.type) == ["answer_recorded"])
        let left = try game.send(.leave(bob)).map(\.type)
        #expect(left == ["player_left", "answers_closed"], "\(left)")
    }
}
