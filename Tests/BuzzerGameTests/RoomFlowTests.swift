import Testing
@testable import BuzzerGame

@Suite struct RoomFlowTests {
    @Test func walksEveryPhaseOfAGame() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        #expect(game.room.phase == .lobby)
        #expect(game.room.nextDeadline == nil)
        game.expectRefused(.next, code: "bad_phase")
        game.expectRefused(.reveal, code: "bad_phase")

        try game.send(.start)
        #expect(game.room.phase == .reading)
        let first = game.room.currentQuestion!
        #expect(first.opensAt == game.now + 3000)
        #expect(first.deadline == first.opensAt + 20_000)
        #expect(first.closesAt == first.deadline + 500)
        #expect(game.room.nextDeadline == first.opensAt)
        game.expectRefused(.start, code: "bad_phase")
        game.expectRefused(.next, code: "bad_phase")

        game.advance(2999)
        #expect(game.tick().isEmpty)
        game.advance(1)
        #expect(game.tick().map(\.type) == ["answers_opened"])
        #expect(game.room.phase == .open)
        #expect(game.room.nextDeadline == first.closesAt + 1)

        game.now = first.closesAt
        #expect(game.tick().isEmpty)
        game.now = first.closesAt + 1
        #expect(game.tick().map(\.type) == ["answers_closed"])
        #expect(game.room.phase == .closed)
        #expect(game.room.nextDeadline == nil)
        game.expectRefused(.next, code: "bad_phase")

        try game.send(.reveal)
        #expect(game.room.phase == .revealed)
        try game.send(.next)
        #expect(game.room.phase == .reading)
        #expect(game.room.currentQuestion!.sequence == 1)

        // Reveal straight from reading closes first.
        #expect(try game.send(.reveal).map(\.type) == ["answers_closed", "question_revealed"])
        try game.send(.next)
        game.openAnswers()
        try game.send(.close)
        #expect(game.room.currentQuestion!.closeReason == .host)
        try game.send(.reveal)

        // Last question of round 1: next shows the round leaderboard.
        #expect(try game.send(.next).map(\.type) == ["leaderboard_shown"])
        #expect(game.room.phase == .leaderboard)
        try game.send(.next)
        #expect(game.room.currentQuestion!.round == 1)
        for _ in 0..<2 {
            try game.send(.reveal)
            try game.send(.next)
        }
        try game.send(.reveal)
        let final = try game.send(.next)
        #expect(final == [.leaderboardShown(LeaderboardShown(at: game.now, final: true))])
        #expect(try game.send(.next).map(\.type) == ["room_ended"])
        #expect(game.room.phase == .ended)
        #expect(game.room.endReason == .finished)
        game.expectRefused(.join(JoinRequest(nickname: "Late", resumeTokenHash: "x")), code: "room_ended")
        game.expectRefused(.answer(ann, AnswerSubmission(question: 5, value: .vote(0), writtenAt: 0)), code: "room_ended")
        #expect(try game.send(.playerDisconnected(ann)).isEmpty)
    }

    /// docs/protocol-client.md: a host command that does not fit the phase gets `bad_phase`, and after the
    /// end the phase is `ended`; `room_ended` is what someone trying to join or play is told.
    @Test func hostCommandsAfterTheEndAreRefusedAsBadPhase() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.text(accepted: ["Yes"])))
        let ann = try game.join("Ann", team: "Reds")
        try game.send(.start)
        try game.send(.reveal)
        try game.send(.end)
        #expect(game.room.phase == .ended)
        let hostCommands: [RoomCommand] = [
            .next, .start, .close, .reveal, .showLeaderboard, .end, .kick(ann, ban: false), .setLocked(true),
            .adjustScore(.player(ann), delta: 5, reason: "late"), .accept(question: 0, text: "yep"),
        ]
        for command in hostCommands { game.expectRefused(command, code: "bad_phase") }
        var room = game.room
        let refusal = #expect(throws: GameError.self) { try room.handle(.next, at: game.now) }
        #expect(refusal?.description == "Cannot go to the next step while the room is in the ended phase.")
        game.expectRefused(.join(JoinRequest(nickname: "Late", resumeTokenHash: "x")), code: "room_ended")
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .text("Yes"), writtenAt: 0)), code: "room_ended")
        game.expectRefused(.wager(ann, question: 0, amount: 1), code: "room_ended")
    }

    @Test func hostCanShowTheLeaderboardMidRoundAndEndAnytime() throws {
        var game = try GameHarness()
        try game.send(.start)
        game.expectRefused(.showLeaderboard, code: "bad_phase")
        try game.send(.reveal)
        #expect(try game.send(.showLeaderboard) == [.leaderboardShown(LeaderboardShown(at: game.now, final: false))])
        try game.send(.next)
        #expect(game.room.currentQuestion!.sequence == 1)
        try game.send(.end)
        #expect(game.room.endReason == .hostEnded)
    }

    @Test func autoAdvanceRunsTheWholeGameOnTimers() throws {
        var settings = RoomSettings()
        settings.autoAdvance = true
        var game = try GameHarness(settings: settings)
        _ = try game.join("Ann")
        try game.send(.start)
        var steps = 0
        while game.room.phase != .ended {
            let deadline = try #require(game.room.nextDeadline)
            game.now = deadline
            #expect(!game.tick().isEmpty)
            steps += 1
            #expect(steps < 100)
        }
        #expect(game.room.endReason == .finished)
        #expect(game.room.asked.count == 6)
        #expect(game.room.asked.allSatisfy { $0.isRevealed })
    }

    @Test func oneLateTickEmitsEveryDueEventAtItsScheduledInstant() throws {
        var settings = RoomSettings()
        settings.autoAdvance = true
        var game = try GameHarness(settings: settings)
        try game.send(.start)
        let first = game.room.currentQuestion!
        let closedAt = first.closesAt + 1
        game.now = closedAt + 2000 + 8000
        let events = game.tick()
        #expect(events.map(\.type) == ["answers_opened", "answers_closed", "question_revealed", "question_shown"])
        #expect(events.map(\.at) == [first.opensAt, closedAt, closedAt + 2000, closedAt + 10_000])
    }

    @Test func everyoneAnsweringClosesTheQuestionEarly() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        try game.send(.playerDisconnected(cid))
        try game.send(.start)
        game.openAnswers()
        #expect(try game.answer(ann, .option(1), afterOpenMs: 1000).map(\.type) == ["answer_recorded"])
        #expect(try game.answer(bob, .option(0), afterOpenMs: 2000).map(\.type) == ["answer_recorded", "answers_closed"])
        #expect(game.room.currentQuestion!.closeReason == .allAnswered)
    }

    @Test func hostAwayEndsTheRoomAfterTheGrace() throws {
        var game = try GameHarness()
        try game.send(.hostDisconnected)
        #expect(game.room.nextDeadline == GameHarness.start + 120_000)
        game.expectRefused(.hostReconnect(tokenHash: "wrong"), code: "not_host")
        game.advance(60_000)
        try game.send(.hostReconnect(tokenHash: "host-hash"))
        #expect(game.room.hostConnected)
        #expect(game.room.nextDeadline == nil)

        try game.send(.hostDisconnected)
        game.advance(119_999)
        #expect(game.tick().isEmpty)
        game.advance(1)
        #expect(game.tick() == [.roomEnded(RoomEnded(at: game.now, reason: .hostLeft, standings: RecordedStandings(players: [], teams: [])))])
        #expect(game.room.phase == .ended)
    }

    @Test func refusedCommandDoesNotApplyDueTimers() throws {
        var game = try GameHarness()
        try game.send(.start)
        game.now = game.room.currentQuestion!.opensAt + 1
        game.expectRefused(.start, code: "bad_phase")
        #expect(game.room.phase == .reading)
        #expect(game.tick().map(\.type) == ["answers_opened"])
    }

    @Test func createRejectsInvalidPacksAndSettings() {
        let bad = QuestionPack(title: "", questions: [])
        #expect(throws: GameError.self) { try Room.create(code: "X", pack: bad, settings: RoomSettings(), seed: 1, hostTokenHash: "h", at: 0) }
        var settings = RoomSettings()
        settings.podiumSize = 0
        do {
            _ = try Room.create(code: "X", pack: GameHarness.samplePack(), settings: settings, seed: 1, hostTokenHash: "h", at: 0)
            Issue.record("accepted bad settings")
        } catch {
            #expect(error.code == .invalidSettings)
        }
    }

    @Test func displaysAreCountedOnly() throws {
        var game = try GameHarness()
        try game.send(.displayConnected)
        try game.send(.displayConnected)
        try game.send(.displayDisconnected)
        #expect(game.room.displayCount == 1)
        #expect(game.room.players.isEmpty)
    }
}
