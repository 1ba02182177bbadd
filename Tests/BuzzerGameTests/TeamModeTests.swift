import Testing
@testable import BuzzerGame

/// Team mode: one answer per team, the first member's, and every member scores on it; a team's
/// stake is one stake that a teammate cannot overwrite.
@Suite struct TeamModeTests {
    static func teamMode() -> RoomSettings {
        var settings = RoomSettings()
        settings.teamMode = true
        return settings
    }

    @Test func theFirstAnswerLocksItForTheWholeTeamAndEveryMemberScoresOnIt() throws {
        var game = try GameHarness(settings: Self.teamMode())
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "Owls")
        let cid = try game.join("Cid", team: "Hawks")
        let dee = try game.join("Dee")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 2_000)
        game.expectRefused(.answer(bob, AnswerSubmission(question: 0, value: .option(0), writtenAt: 0)), code: "team_answered")
        #expect(game.room.lockedAnswer(of: bob, sequence: 0) == .option(1))
        #expect(game.room.teamAnswerer(of: bob, in: game.room.currentQuestion!) == ann)
        try game.answer(cid, .option(0), afterOpenMs: 3_000)
        #expect(game.room.phase == .open, "Dee has not answered")
        try game.answer(dee, .option(1), afterOpenMs: 4_000)
        #expect(game.room.phase == .closed, "every team and the teamless player answered")
        try game.send(.reveal)
        #expect(game.score(ann) == 950)
        #expect(game.score(bob) == 950, "Bob scores on Ann's answer")
        #expect(game.score(cid) == 0)
        #expect(game.score(dee) == 900)
        #expect(game.room.result(for: bob, sequence: 0)?.answered == true)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func movingAPlayerLaterDoesNotChangeWhoseAnswerTheyWereScoredOn() throws {
        var game = try GameHarness(settings: Self.teamMode())
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "Owls")
        _ = try game.join("Cid", team: "Hawks")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 0)
        try game.send(.reveal)
        #expect(game.score(bob) == 1000)
        try game.send(.movePlayer(bob, team: TeamID(2)))
        try game.send(.adjustScore(.player(ann), delta: 5, reason: "rescores everything"))
        #expect(game.score(bob) == 1000)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aTeamsStakeIsItsPlacersAndNoTeammateOverwritesIt() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.choice(options: ["A", "B"], answer: 0), wager: true), settings: Self.teamMode())
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "Owls")
        try game.send(.start)
        game.openAnswers()
        try game.send(.wager(ann, question: 0, amount: 400))
        game.expectRefused(.wager(bob, question: 0, amount: 900), code: "team_wager_placed")
        try game.send(.wager(ann, question: 0, amount: 500))
        #expect(game.room.currentQuestion!.wagers[.team(TeamID(1))] == 500)
        try game.answer(ann, .option(0), afterOpenMs: 0)
        try game.send(.reveal)
        #expect(game.room.teams[TeamID(1)]!.bonus == 500)
        #expect(try Room.replay(game.log) == game.room)
    }
}
