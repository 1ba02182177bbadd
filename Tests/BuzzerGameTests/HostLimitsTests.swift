import Foundation
import Testing
@testable import BuzzerGame

/// Issue 39, finding 2: what a host may log in one room is bounded. Adjustments are running sums
/// (not a re-scoring of the game each), every host-driven kind of event has a cap past which the
/// command is refused with `limit_reached` and changes nothing, and `accept` takes only an answer
/// a player gave.
struct HostLimitsTests {
    /// Two players and a team, one question played and revealed: adjustments then land on scores
    /// that already hold points, streaks and a team.
    private func revealedGame() throws -> (GameHarness, PlayerID, PlayerID, TeamID) {
        var game = try GameHarness(pack: QuestionPack(title: "T", questions: [
            Question(category: "Music", text: "Who?", content: .text(accepted: ["The Beatles"])),
            Question(category: "Misc", text: "True?", content: .truefalse(answer: true)),
        ]))
        let ann = try game.join("Ann", team: "Reds")
        let bob = try game.join("Bob")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .text("the beatles"), afterOpenMs: 100)
        try game.answer(bob, .text("Beetles"), afterOpenMs: 200)
        try game.send(.reveal)
        return (game, ann, bob, game.room.players[ann]!.team!)
    }

    @Test func twentyFiveThousandAdjustmentsGiveTheRightTotals() throws {
        var (game, ann, bob, reds) = try revealedGame()
        let annBefore = game.score(ann), bobBefore = game.score(bob)
        var limits = HostLimits()
        limits.scoreAdjustments = 25_000
        var annSum = 0, bobSum = 0, redsSum = 0
        for index in 0..<25_000 {
            let delta = index % 7 == 0 ? -(index % 1000) - 1 : index % 1000 + 1
            let target: ScoreTarget
            switch index % 3 {
            case 0: target = .player(ann); annSum += delta
            case 1: target = .player(bob); bobSum += delta
            default: target = .team(reds); redsSum += delta
            }
            game.log += try game.room.handle(.adjustScore(target, delta: delta, reason: "spam \(index)"), at: game.now, limits: limits)
        }
        #expect(game.room.adjustments.count == 25_000)
        #expect(game.score(ann) == annBefore + annSum)
        #expect(game.score(bob) == bobBefore + bobSum)
        #expect(game.room.teams[reds]!.bonus == redsSum)
        // The running sums are what a full re-scoring makes of the same adjustments...
        var rescored = game.room
        rescored.recomputeScores()
        #expect(rescored == game.room)
        // ...and what a replay of the log makes of them, after a later reveal builds on them too.
        try game.send(.next)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 100)
        try game.send(.reveal)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func adjustmentsPastTheirCapAreRefusedAndChangeNothing() throws {
        var (game, ann, _, reds) = try revealedGame()
        var limits = HostLimits()
        limits.scoreAdjustments = 3
        for delta in [10, 20, 30] { _ = try game.room.handle(.adjustScore(.player(ann), delta: delta, reason: "ok"), at: game.now, limits: limits) }
        let before = game.room
        #expect(throws: GameError.limitReached(kind: .scoreAdjustments, max: 3)) {
            _ = try game.room.handle(.adjustScore(.team(reds), delta: 5, reason: "one too many"), at: game.now, limits: limits)
        }
        #expect(game.room == before)
        #expect(GameError.limitReached(kind: .scoreAdjustments, max: 3).code.rawValue == "limit_reached")
        #expect("\(GameError.limitReached(kind: .scoreAdjustments, max: 3))".contains("game.hostLimits.scoreAdjustments"))
    }

    @Test func acceptsPastTheirCapAreRefusedButARejectStillTakesOneBack() throws {
        var (game, _, _, _) = try revealedGame()
        var limits = HostLimits()
        limits.acceptedAnswers = 1
        _ = try game.room.handle(.accept(question: 0, text: "Beetles"), at: game.now, limits: limits)
        _ = try game.room.handle(.reject(question: 0, text: "Beetles"), at: game.now, limits: limits)
        let before = game.room
        #expect(throws: GameError.limitReached(kind: .acceptedAnswers, max: 1)) {
            _ = try game.room.handle(.accept(question: 0, text: "Beetles"), at: game.now, limits: limits)
        }
        #expect(game.room == before)
    }

    @Test func anAdjustmentsReasonIsAtMost200Characters() throws {
        var (game, ann, _, _) = try revealedGame()
        game.expectRefused(.adjustScore(.player(ann), delta: 5, reason: String(repeating: "x", count: 201)), code: "invalid_score_adjustment")
        try game.send(.adjustScore(.player(ann), delta: 5, reason: String(repeating: "x", count: 200)))
    }

    @Test func acceptTakesOnlyAnAnswerAPlayerGave() throws {
        var (game, _, _, _) = try revealedGame()
        game.expectRefused(.accept(question: 0, text: "Nobody typed this"), code: "cannot_accept")
        // 4 KB that folds to an answer given is still longer than any answer may be.
        game.expectRefused(.accept(question: 0, text: "Beetles" + String(repeating: "!", count: 4000)), code: "cannot_accept")
        try game.send(.accept(question: 0, text: "  beetles "))
        #expect(game.room.asked[0].acceptedExtra == ["beetles"])
    }

    @Test func pausesPastTheirCapAreRefusedButTheClockCanStillBeResumed() throws {
        var game = try GameHarness()
        _ = try game.join("Ann")
        try game.send(.start)
        var limits = HostLimits()
        limits.runOfShowChanges = 2
        _ = try game.room.handle(.pauseClock, at: game.now, limits: limits)
        _ = try game.room.handle(.resumeClock, at: game.now, limits: limits)
        _ = try game.room.handle(.pauseClock, at: game.now, limits: limits)
        // The resume ends a counted pause: it is never what a cap refuses.
        _ = try game.room.handle(.resumeClock, at: game.now, limits: limits)
        let before = game.room
        #expect(throws: GameError.limitReached(kind: .runOfShowChanges, max: 2)) {
            _ = try game.room.handle(.pauseClock, at: game.now, limits: limits)
        }
        #expect(throws: GameError.limitReached(kind: .runOfShowChanges, max: 2)) {
            _ = try game.room.handle(.addTime(ms: 10_000), at: game.now, limits: limits)
        }
        #expect(game.room == before)
        #expect(game.room.hostEventCounts == [.runOfShowChanges: 2])
    }

    @Test func locksPastTheirCapAreRefusedButTheRoomCanStillBeUnlocked() throws {
        var game = try GameHarness()
        var limits = HostLimits()
        limits.runOfShowChanges = 1
        _ = try game.room.handle(.setLocked(true), at: game.now, limits: limits)
        _ = try game.room.handle(.setLocked(false), at: game.now, limits: limits)
        #expect(throws: GameError.limitReached(kind: .runOfShowChanges, max: 1)) {
            _ = try game.room.handle(.setLocked(true), at: game.now, limits: limits)
        }
        #expect(!game.room.locked)
    }

    @Test func renamesPastTheirCapAreRefused() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        var limits = HostLimits()
        limits.renames = 2
        _ = try game.room.handle(.rename(ann, nickname: "Anna"), at: game.now, limits: limits)
        _ = try game.room.handle(.rename(ann, nickname: "Annie"), at: game.now, limits: limits)
        let before = game.room
        #expect(throws: GameError.limitReached(kind: .renames, max: 2)) {
            _ = try game.room.handle(.rename(ann, nickname: "Ann"), at: game.now, limits: limits)
        }
        #expect(game.room == before)
    }

    @Test func theCapsAreReadFromConfigWithinTheirRange() throws {
        let decoded = try JSONDecoder().decode(GameConfig.self, from: Data(#"{"hostLimits":{"scoreAdjustments":5,"renames":10000}}"#.utf8))
        #expect(decoded.hostLimits.scoreAdjustments == 5)
        #expect(decoded.hostLimits.renames == 10_000)
        #expect(decoded.hostLimits.acceptedAnswers == HostLimits().acceptedAnswers)
        for bad in [#"{"hostLimits":{"scoreAdjustments":0}}"#, #"{"hostLimits":{"runOfShowChanges":10001}}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(GameConfig.self, from: Data(bad.utf8)) }
        }
    }
}
