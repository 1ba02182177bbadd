import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

/// The break slide between rounds: the pack's `break`, the room's `break` phase, and its log.
@Suite struct BreakTests {
    /// Two rounds; the second ("Music round") has a ten-minute half-time before it.
    static func packWithBreak(minutes: Int? = 10, firstRoundBreak: RoundBreak? = nil) -> QuestionPack {
        var pack = GameHarness.samplePack()
        pack.rounds[0].breakBefore = firstRoundBreak
        pack.rounds[1].title = "Music round"
        pack.rounds[1].breakBefore = RoundBreak(title: "Half-time", text: "Get your drinks in", minutes: minutes)
        return pack
    }

    /// Plays the first round to its leaderboard (every question revealed without answers).
    private func playFirstRound(_ game: inout GameHarness) throws {
        try game.send(.start)
        while game.room.phase != .leaderboard {
            switch game.room.phase {
            case .reading, .open, .closed: try game.send(.reveal)
            case .revealed: try game.send(.next)
            default: Issue.record("unexpected phase \(game.room.phase)"); return
            }
            game.advance(1000)
        }
    }

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private static let question = #"{"kind":"truefalse","category":"c","text":"t","answer":true}"#

    // MARK: - Pack format

    @Test func decodesARoundsBreakAndWritesItBack() throws {
        let json = #"{"title":"T","rounds":[{"questions":[\#(Self.question)]},"#
            + #"{"title":"Music round","break":{"title":"Half-time","text":"Get your drinks in","minutes":10},"questions":[\#(Self.question)]}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.rounds[1].breakBefore == RoundBreak(title: "Half-time", text: "Get your drinks in", minutes: 10))
        #expect(pack.rounds[0].breakBefore == nil)
        let again = try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack))
        #expect(again == pack)
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
    }

    @Test func aBreakOnTheOnlyRoundKeepsTheRoundsLayout() throws {
        let pack = QuestionPack(title: "T", rounds: [PackRound(questions: [Question(category: "c", text: "t", content: .truefalse(answer: true))],
                                                                breakBefore: RoundBreak(title: "Welcome"))])
        #expect(!pack.isFlat)
        let again = try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack))
        #expect(again.rounds[0].breakBefore == RoundBreak(title: "Welcome"))
    }

    @Test func reportsEveryBadBreakFieldWithItsPath() {
        let long = String(repeating: "x", count: 101)
        let json = #"{"title":"T","rounds":[{"break":{"title":"\#(long)","text":"\#(String(repeating: "y", count: 201))","minutes":61},"questions":[\#(Self.question)]},"#
            + #"{"break":{"text":"no title","minutes":1.5,"colour":"red"},"questions":[\#(Self.question)]},"#
            + #"{"break":{"title":"  ","minutes":0},"questions":[\#(Self.question)]},"#
            + #"{"break":"Half-time","questions":[\#(Self.question)]}]}"#
        #expect(errors(json) == [
            "rounds[0].break.title: is 101 characters long; the limit is 100",
            "rounds[0].break.text: is 201 characters long; the limit is 200",
            "rounds[0].break.minutes: 61 minutes is out of range (1-60)",
            "rounds[1].break.colour: unknown field",
            "rounds[1].break: missing field \"title\"",
            "rounds[1].break.minutes: expected a whole number of minutes, found 1.5",
            "rounds[2].break.title: must not be empty",
            "rounds[2].break.minutes: 0 minutes is out of range (1-60)",
            "rounds[3].break: expected a break as an object, found a string",
        ])
    }

    @Test func validateChecksBreaksOfPacksBuiltInCode() {
        var pack = Self.packWithBreak(minutes: 90)
        pack.rounds[0].breakBefore = RoundBreak(title: "")
        #expect(pack.validate().map(\.description) == [
            "rounds[0].break.title: must not be empty", "rounds[1].break.minutes: 90 minutes is out of range (1-60)",
        ])
    }

    // MARK: - The phase

    @Test func theLeaderboardIsFollowedByTheNextRoundsBreakThenItsFirstQuestion() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        try playFirstRound(&game)
        game.advance(2000)
        let events = try game.send(.next)
        let breakAt = game.now
        #expect(events == [.breakStarted(BreakStarted(
            at: breakAt, round: 1, title: "Half-time", text: "Get your drinks in", upNext: "Music round", endsAt: breakAt + 600_000))])
        #expect(game.room.phase == .onBreak)
        #expect(game.room.roomBreak == RoomBreak(round: 1, title: "Half-time", text: "Get your drinks in", upNext: "Music round",
                                                 startedAt: breakAt, endsAt: breakAt + 600_000))
        #expect(game.room.questionView == nil)
        game.advance(5000)
        let started = try game.send(.next)
        guard case .questionShown(let shown) = started.first else { Issue.record("expected question_shown, got \(started)"); return }
        #expect(shown.round == 1 && shown.index == 0)
        #expect(game.room.roomBreak == nil)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func theCountdownRunningOutStartsNothing() throws {
        var settings = RoomSettings()
        settings.autoAdvance = true
        var game = try GameHarness(pack: Self.packWithBreak(minutes: 1), settings: settings)
        try playFirstRound(&game)
        try game.send(.next)
        #expect(game.room.phase == .onBreak)
        #expect(game.room.nextDeadline == nil)
        game.advance(3_600_000)
        #expect(game.tick().isEmpty)
        #expect(game.room.phase == .onBreak)
    }

    @Test func autoAdvanceGoesIntoTheBreakAndWaitsThere() throws {
        var settings = RoomSettings()
        settings.autoAdvance = true
        var game = try GameHarness(pack: Self.packWithBreak(), settings: settings)
        try playFirstRound(&game)
        game.now = try #require(game.room.nextDeadline)
        game.tick()
        #expect(game.room.phase == .onBreak)
    }

    @Test func aFirstRoundBreakComesAtTheStartAndPlayersMayStillJoinWithoutLateJoin() throws {
        var settings = RoomSettings()
        settings.lateJoin = false
        var game = try GameHarness(pack: Self.packWithBreak(firstRoundBreak: RoundBreak(title: "Welcome", text: "Phones out")), settings: settings)
        try game.send(.start)
        #expect(game.room.phase == .onBreak)
        #expect(game.room.roomBreak?.endsAt == nil)
        #expect(game.room.roomBreak?.upNext == "General")
        let ann = try game.join("Ann")
        try game.send(.next)
        #expect(game.room.currentQuestion?.sequence == 0)
        #expect(game.room.players[ann]?.firstQuestion == 0)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aBreakAfterTheFirstQuestionsRefusesLateJoiners() throws {
        var settings = RoomSettings()
        settings.lateJoin = false
        var game = try GameHarness(pack: Self.packWithBreak(), settings: settings)
        try playFirstRound(&game)
        try game.send(.next)
        game.expectRefused(.join(JoinRequest(nickname: "Late", resumeTokenHash: "t")), code: "late_join_disabled")
    }

    @Test func aMidRoundLeaderboardBringsNoBreak() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        try game.send(.start)
        try game.send(.reveal)
        try game.send(.showLeaderboard)
        try game.send(.next)
        #expect(game.room.phase == .reading)
        #expect(game.room.currentQuestion?.round == 0)
    }

    @Test func questionCommandsOnABreakAreRefusedWithOnBreak() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        let ann = try game.join("Ann")
        try playFirstRound(&game)
        try game.send(.next)
        for command: RoomCommand in [.close, .reveal, .showLeaderboard, .pauseClock, .resumeClock, .addTime(ms: 10_000), .skip,
                                     .reopen(ms: 10_000), .undoReveal, .startTiebreak(TiebreakRequest(text: "t", answer: 1, players: [ann])),
                                     .wager(ann, question: 2, amount: 0),
                                     .answer(ann, AnswerSubmission(question: 2, value: .bool(true), writtenAt: game.now))] {
            game.expectRefused(command, code: "on_break")
        }
        game.expectRefused(.start, code: "bad_phase")
        // Moderation and scores go on as usual.
        try game.send(.adjustScore(.player(ann), delta: 100, reason: "Quiz of the week"))
        try game.send(.setLocked(true))
        #expect(game.room.phase == .onBreak)
    }

    @Test func theHostMovesTheCountdownAndEndsIt() throws {
        var game = try GameHarness(pack: Self.packWithBreak(minutes: 10))
        try playFirstRound(&game)
        try game.send(.next)
        let end = try #require(game.room.roomBreak?.endsAt)
        game.advance(60_000)
        try game.send(.breakCountdown(.add(ms: 300_000)))
        #expect(game.room.roomBreak?.endsAt == end + 300_000)
        game.expectRefused(.breakCountdown(.add(ms: 3_600_000)), code: "invalid_break")
        game.expectRefused(.breakCountdown(.add(ms: 0)), code: "invalid_break")
        try game.send(.breakCountdown(.endNow))
        #expect(game.room.roomBreak?.endsAt == game.now)
        // Run out, "+5 min" counts from now.
        game.advance(120_000)
        try game.send(.breakCountdown(.add(ms: 300_000)))
        #expect(game.room.roomBreak?.endsAt == game.now + 300_000)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aBreakWithoutACountdownGetsOneFromPlusTime() throws {
        var game = try GameHarness(pack: Self.packWithBreak(minutes: nil))
        try playFirstRound(&game)
        try game.send(.next)
        #expect(game.room.roomBreak?.endsAt == nil)
        try game.send(.breakCountdown(.add(ms: 300_000)))
        #expect(game.room.roomBreak?.endsAt == game.now + 300_000)
    }

    @Test func countdownCommandsOutsideABreakAreABadPhase() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        game.expectRefused(.breakCountdown(.endNow), code: "bad_phase")
        try game.send(.start)
        game.expectRefused(.breakCountdown(.add(ms: 60_000)), code: "bad_phase")
        try game.send(.end)
        game.expectRefused(.breakCountdown(.endNow), code: "bad_phase")
    }

    @Test func theHostMayEndTheGameOnABreak() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        try playFirstRound(&game)
        try game.send(.next)
        try game.send(.end)
        #expect(game.room.phase == .ended)
        #expect(try Room.replay(game.log) == game.room)
    }

    // MARK: - The log

    @Test func breakEventsHaveTheDocumentedShape() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let started = RoomEvent.breakStarted(BreakStarted(at: 1000, round: 1, title: "Half-time", text: "Drinks", upNext: "Music", endsAt: 601_000))
        #expect(String(decoding: try encoder.encode(started), as: UTF8.self)
            == #"{"at":1000,"ends_at":601000,"round":1,"text":"Drinks","title":"Half-time","type":"break_started","up_next":"Music"}"#)
        let changed = RoomEvent.breakCountdownChanged(BreakCountdownChanged(at: 2000, endsAt: 2000))
        #expect(String(decoding: try encoder.encode(changed), as: UTF8.self) == #"{"at":2000,"ends_at":2000,"type":"break_countdown_changed"}"#)
        #expect(try JSONDecoder().decode(RoomEvent.self, from: encoder.encode(started)) == started)
    }

    @Test func replayRefusesBreakEventsThatCannotBeThisRooms() throws {
        var game = try GameHarness(pack: Self.packWithBreak())
        try playFirstRound(&game)
        let at = game.now
        let bad: [(RoomEvent, String)] = [
            (.breakStarted(BreakStarted(at: at, round: 7, title: "Half-time")), "the pack has no round 7"),
            (.breakStarted(BreakStarted(at: at, round: 1, title: String(repeating: "x", count: 101))), "its text is too long"),
            (.breakStarted(BreakStarted(at: at, round: 1, title: "Half-time", endsAt: at - 1)), "implausible"),
            (.breakStarted(BreakStarted(at: at, round: 1, title: "Half-time", endsAt: .max)), "implausible"),
            (.breakCountdownChanged(BreakCountdownChanged(at: at, endsAt: at + 1000)), "the room is not on a break"),
        ]
        for (event, problem) in bad {
            #expect(game.room.logProblem(event)?.contains(problem) == true, "\(event)")
            #expect(throws: GameError.self) { try Room.replay(game.log + [event]) }
        }
        try game.send(.next)
        #expect(game.room.logProblem(.breakCountdownChanged(BreakCountdownChanged(at: at, endsAt: at - 1))) != nil)
        #expect(game.room.logProblem(.breakCountdownChanged(BreakCountdownChanged(at: at, endsAt: at + 1000))) == nil)
    }
}
