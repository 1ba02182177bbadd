import Testing
@testable import BuzzerGame

@Suite struct PlayerTests {
    @Test func nicknamesAreTrimmedAndUniqueIgnoringCaseAndAccents() throws {
        var game = try GameHarness()
        let zoe = try game.join("  Zoë   Smith ")
        #expect(game.room.players[zoe]!.nickname == "Zoë Smith")
        game.expectRefused(.join(JoinRequest(nickname: "ZOE smith", resumeTokenHash: "t2")), code: "name_taken")
        game.expectRefused(.join(JoinRequest(nickname: "   ", resumeTokenHash: "t2")), code: "name_invalid")
        game.expectRefused(.join(JoinRequest(nickname: String(repeating: "a", count: 25), resumeTokenHash: "t2")), code: "name_invalid")
        game.expectRefused(.join(JoinRequest(nickname: "bad\u{7}name", resumeTokenHash: "t2")), code: "name_invalid")
        _ = try game.join(String(repeating: "é", count: 24))
    }

    @Test func blockedWordsAreMatchedAsWholeWords() throws {
        var settings = RoomSettings()
        settings.blockedNames = ["Badword"]
        var game = try GameHarness(settings: settings)
        game.expectRefused(.join(JoinRequest(nickname: "BÁDWORD", resumeTokenHash: "t")), code: "name_blocked")
        game.expectRefused(.join(JoinRequest(nickname: "the bad-word guy", resumeTokenHash: "t")), code: "name_blocked")
        game.expectRefused(.join(JoinRequest(nickname: "Ann", team: "Badword FC", resumeTokenHash: "t")), code: "name_blocked")
        game.expectRefused(.join(JoinRequest(nickname: "B.A.D. word", resumeTokenHash: "t")), code: "name_blocked")
        _ = try game.join("Badwordsmith")
    }

    @Test func lockedFullAndLateJoinRules() throws {
        var settings = RoomSettings()
        settings.maxPlayers = 2
        settings.lateJoin = false
        var game = try GameHarness(settings: settings)
        _ = try game.join("Ann")
        try game.send(.setLocked(true))
        #expect(try game.send(.setLocked(true)).isEmpty)
        game.expectRefused(.join(JoinRequest(nickname: "Bob", resumeTokenHash: "b")), code: "room_locked")
        try game.send(.setLocked(false))
        _ = try game.join("Bob")
        game.expectRefused(.join(JoinRequest(nickname: "Cid", resumeTokenHash: "c")), code: "room_full")
        try game.send(.start)
        game.expectRefused(.join(JoinRequest(nickname: "Cid", resumeTokenHash: "c")), code: "late_join_disabled")
    }

    @Test func lateJoinerMayAnswerTheOpenQuestionButNotEarlierOnes() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.start)
        try game.send(.reveal)
        let bob = try game.join("Bob")
        #expect(game.room.players[bob]!.firstQuestion == 1)
        try game.send(.next)
        let cid = try game.join("Cid")
        #expect(game.room.players[cid]!.firstQuestion == 1)
        game.openAnswers()
        try game.answer(cid, .options([0, 2]), afterOpenMs: 0)
        try game.send(.reveal)
        #expect(game.score(cid) == 1000)
        #expect(game.score(ann) == 0)
    }

    @Test func resumeRestoresIdentityScoreStreakAndTeam() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), count: 3))
        let ann = try game.join("Ann", team: "Reds")
        try game.send(.start)
        for _ in 0..<2 {
            game.openAnswers()
            try game.answer(ann, .bool(true), afterOpenMs: 0)
            try game.send(.reveal)
            try game.send(.next)
        }
        let before = game.room.players[ann]!
        try game.send(.playerDisconnected(ann))
        #expect(game.room.players[ann]!.status == .away)
        #expect(game.room.connectedCount == 0)
        game.advance(299_000)
        let events = try game.send(.resume(tokenHash: "token-Ann", newTokenHash: "rotated"))
        #expect(events.suffix(1) == [.playerReconnected(PlayerReconnected(at: game.now, player: ann, resumeTokenHash: "rotated"))])
        let after = game.room.players[ann]!
        #expect(after.status == .connected)
        #expect((after.score, after.streak, after.team, after.nickname) == (before.score, before.streak, before.team, before.nickname))
        #expect(after.score == 2100)
        #expect(after.streak == 2)
        game.expectRefused(.resume(tokenHash: "nobody", newTokenHash: nil), code: "unknown_player")
    }

    @Test func theTokenARotationReplacedStillResumesOnceInCaseItsReplyWasLost() throws {
        // The server logged the rotation to "second" but died (or the Wi-Fi dropped) before the phone
        // heard of it: the phone only has "token-Ann", which must still bring it back.
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.resume(tokenHash: "token-Ann", newTokenHash: "second"))
        let events = try game.send(.resume(tokenHash: "token-Ann", newTokenHash: "third"))
        #expect(events == [.playerReconnected(PlayerReconnected(at: game.now, player: ann, resumeTokenHash: "third"))])
        // Two rotations on, the first token is gone; the one it replaced last still works.
        game.expectRefused(.resume(tokenHash: "token-Ann", newTokenHash: "x"), code: "unknown_player")
        try game.send(.resume(tokenHash: "second", newTokenHash: "fourth"))
        game.expectRefused(.resume(tokenHash: "second", newTokenHash: "x"), code: "unknown_player")
        // A replay rebuilds the same index.
        let replayed = try Room.replay(game.log)
        #expect(replayed.player(byResumeTokenHash: "third")?.id == ann)
        #expect(replayed.player(byResumeTokenHash: "fourth")?.id == ann)
        #expect(replayed.player(byResumeTokenHash: "second") == nil)
    }

    @Test func resumeAfterTheGraceIsRefused() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.playerDisconnected(ann))
        game.advance(300_001)
        game.expectRefused(.resume(tokenHash: "token-Ann", newTokenHash: nil), code: "resume_expired")
    }

    @Test func kickedPlayersCannotResumeAndBansBlockNameAndDevice() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann", device: "phone-1")
        let bob = try game.join("Bob", device: "phone-2")
        try game.send(.kick(ann, ban: false))
        game.expectRefused(.resume(tokenHash: "token-Ann", newTokenHash: nil), code: "kicked")
        game.expectRefused(.kick(ann, ban: true), code: "unknown_player")
        game.expectRefused(.answer(ann, AnswerSubmission(question: 0, value: .option(0), writtenAt: 0)), code: "kicked")
        #expect(game.room.standings.players.map(\.nickname) == ["Bob"])
        // Not banned: the name is free again.
        _ = try game.join("Ann", device: "phone-3")

        try game.send(.kick(bob, ban: true))
        game.expectRefused(.join(JoinRequest(nickname: "bob", resumeTokenHash: "x")), code: "banned")
        game.expectRefused(.join(JoinRequest(nickname: "Robert", deviceID: "phone-2", resumeTokenHash: "x")), code: "banned")
        game.expectRefused(.resume(tokenHash: "token-Bob", newTokenHash: nil), code: "kicked")
    }

    @Test func theHostRenamesAPlayerUnderTheJoinRulesAndReplayAgrees() throws {
        var settings = RoomSettings()
        settings.blockedNames = ["rude"]
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let events = try game.send(.rename(bob, nickname: "  Nice   Bob "))
        #expect(events == [.playerRenamed(PlayerRenamed(at: game.now, player: bob, nickname: "Nice Bob"))])
        #expect(game.room.players[bob]?.nickname == "Nice Bob")
        game.expectRefused(.rename(bob, nickname: "ANN"), code: "name_taken")
        game.expectRefused(.rename(bob, nickname: "rude boy"), code: "name_blocked")
        game.expectRefused(.rename(bob, nickname: "   "), code: "name_invalid")
        game.expectRefused(.rename(PlayerID(9), nickname: "Zed"), code: "unknown_player")
        #expect(try game.send(.rename(ann, nickname: "Ann")).isEmpty, "the same name changes nothing")
        // The old name is free again; the new one is taken.
        _ = try game.join("Bob")
        game.expectRefused(.join(JoinRequest(nickname: "nice bob", resumeTokenHash: "x")), code: "name_taken")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aRemovalCarriesTheHostsReasonTrimmedAndBounded() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        game.expectRefused(.kick(ann, ban: false, reason: String(repeating: "x", count: 201)), code: "invalid_reason")
        let events = try game.send(.kick(ann, ban: false, reason: "  phone out  during   the quiz "))
        #expect(events == [.playerKicked(PlayerKicked(at: game.now, player: ann, ban: false, reason: "phone out during the quiz"))])
        #expect(try game.send(.kick(bob, ban: true, reason: "   ")) == [.playerKicked(PlayerKicked(at: game.now, player: bob, ban: true))])
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func leavingKeepsTheScoreButEndsTheSession() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann")
        try game.send(.adjustScore(.player(ann), delta: 10, reason: "bonus"))
        try game.send(.leave(ann))
        #expect(game.room.standings.players.first?.score == 10)
        game.expectRefused(.resume(tokenHash: "token-Ann", newTokenHash: nil), code: "unknown_player")
        game.expectRefused(.join(JoinRequest(nickname: "ann", resumeTokenHash: "y")), code: "name_taken")
    }

    /// docs/game-rules.md: leaving gives up the seat, not the name. The row stays on the board under
    /// its name, and only the same device can take it back: same player, team and score.
    @Test func aPlayerWhoLeftTakesTheSeatBackByJoiningAgainFromTheSameDevice() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), count: 3))
        let ann = try game.join("Ann", team: "Reds", device: "phone-1")
        let bob = try game.join("Bob", device: "phone-2")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 0)
        try game.send(.reveal)
        try game.send(.leave(ann))
        let left = game.room.players[ann]!
        #expect(left.status == .left)
        #expect(game.room.activeCount == 1)

        // Someone else, or a client that sent no device id, cannot have the name or the points.
        game.expectRefused(.join(JoinRequest(nickname: "Ann", deviceID: "phone-3", resumeTokenHash: "x")), code: "name_taken")
        game.expectRefused(.join(JoinRequest(nickname: "Ann", resumeTokenHash: "x")), code: "name_taken")
        game.expectRefused(.join(JoinRequest(nickname: "Ann", deviceID: "phone-2", resumeTokenHash: "x")), code: "name_taken")
        try game.send(.setLocked(true))
        game.expectRefused(.join(JoinRequest(nickname: "Ann", deviceID: "phone-1", resumeTokenHash: "back")), code: "room_locked")
        try game.send(.setLocked(false))

        // Her phone, her name (any case), any team: her seat back, not a second Ann.
        let events = try game.send(.join(JoinRequest(nickname: " ANN ", team: "Blues", deviceID: "phone-1", resumeTokenHash: "back")))
        #expect(events == [.playerReconnected(PlayerReconnected(at: game.now, player: ann, resumeTokenHash: "back"))])
        let back = game.room.players[ann]!
        #expect(back.status == .connected)
        #expect((back.nickname, back.team, back.score, back.streak) == (left.nickname, left.team, left.score, left.streak))
        #expect(back.score == 1000)
        #expect(game.room.players.count == 2)
        #expect((game.room.activeCount, game.room.connectedCount) == (2, 2))
        #expect(game.room.standings.players.map(\.nickname) == ["Ann", "Bob"])
        // Her new token resumes her; the one she had before leaving stays dead.
        try game.send(.playerDisconnected(ann))
        #expect(try game.send(.resume(tokenHash: "back", newTokenHash: nil)).count == 1)
        game.expectRefused(.resume(tokenHash: "token-Ann", newTokenHash: nil), code: "unknown_player")
        // And the replay of the log is the same room.
        #expect(try Room.replay(game.log) == game.room)
        _ = bob
    }

    /// Someone who played from the start is not late; the room must still have space for them.
    @Test func aReturningPlayerIsNotALateJoinerButNeedsARoomWithSpace() throws {
        var settings = RoomSettings()
        settings.lateJoin = false
        settings.maxPlayers = 2
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann", device: "phone-1")
        let bob = try game.join("Bob", device: "phone-2")
        try game.send(.start)
        try game.send(.leave(ann))
        game.expectRefused(.join(JoinRequest(nickname: "Annie", deviceID: "phone-1", resumeTokenHash: "x")), code: "late_join_disabled")
        #expect(try game.send(.join(JoinRequest(nickname: "Ann", deviceID: "phone-1", resumeTokenHash: "back"))).map(\.type) == ["player_reconnected"])

        var full = try GameHarness(settings: settings)
        let cid = try full.join("Cid", device: "phone-3")
        try full.send(.leave(cid))
        _ = try full.join("Dee", device: "phone-4")
        _ = try full.join("Eve", device: "phone-5")
        full.expectRefused(.join(JoinRequest(nickname: "Cid", deviceID: "phone-3", resumeTokenHash: "back")), code: "room_full")
        _ = bob
    }
}
