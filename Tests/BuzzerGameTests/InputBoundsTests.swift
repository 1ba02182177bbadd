import Foundation
import Testing
@testable import BuzzerGame

/// Every value that reaches a room from outside has a documented range, and no sum of an instant
/// and a duration can trap (docs/threat-model.md, "Hostile values").
@Suite struct InputBoundsTests {
    /// Each numeric setting is refused one past either end of its range and accepted at both ends.
    @Test func everyRoomSettingHasARangeThatIsChecked() throws {
        for (name, range, _) in RoomSettings.ranges {
            for (value, fits) in [(range.lowerBound, true), (range.upperBound, true), (range.lowerBound - 1, false), (range.upperBound + 1, false)] {
                let settings = try JSONDecoder().decode(RoomSettings.self, from: Data(#"{"\#(name)":\#(value)}"#.utf8))
                #expect((settings.problem() == nil) == fits, "\(name) = \(value)")
            }
        }
    }

    /// The value that once trapped `Room.dueTimer()` when the host left, and again at every restart.
    @Test func aHostAwayGraceNear2To63IsRefusedByCreate() {
        var settings = RoomSettings()
        settings.hostAwayGraceMs = 9_223_372_036_854_774_784
        #expect(throws: GameError.invalidSettings("hostAwayGraceMs must be 0-86400000 (found 9223372036854774784)")) {
            try Room.create(code: "X", pack: GameHarness.samplePack(), settings: settings, seed: 1, hostTokenHash: "h", at: 0)
        }
    }

    @Test func instantArithmeticSaturatesInsteadOfTrapping() {
        #expect(GameInstant(1_700_000_000_000).plus(.max) == .max)
        #expect(GameInstant.max.plus(1) == .max)
        #expect(GameInstant.min.plus(-1) == .min)
        #expect(GameInstant(5).minus(.min) == .max)
        #expect(GameInstant(-5).minus(.max) == .min)
        #expect(Int64.max.times(2) == .max)
        #expect(Int64.min.times(2) == .min)
        #expect(Int64(-3).times(.max) == .min)
        var score = Int.max - 1
        score.add(10)
        #expect(score == .max)
    }

    /// A tiebreak of ±1.8e308 was accepted, then every player got `internal` instead of the result,
    /// since the distance between the two was infinite and could not be written as JSON.
    @Test func tiebreakNumbersBeyond10To15AreRefused() throws {
        var (game, ann, bob, _) = try TiebreakTests.levelGame()
        game.expectRefused(.startTiebreak(TiebreakRequest(text: "How far?", answer: 1.7976931348623157e308, players: [ann, bob])), code: "invalid_tiebreak")
        game.expectRefused(.startTiebreak(TiebreakRequest(text: "How far?", answer: .infinity, players: [ann, bob])), code: "invalid_tiebreak")
        try game.send(.startTiebreak(TiebreakRequest(text: "How far?", answer: 1e15, players: [ann, bob])))
        game.expectRefused(.tiebreakAnswer(ann, value: -1.7976931348623157e308, writtenAt: 0, rttMs: 0), code: "invalid_answer")
        game.expectRefused(.tiebreakAnswer(ann, value: .nan, writtenAt: 0, rttMs: 0), code: "invalid_answer")
        try game.send(.tiebreakAnswer(ann, value: -1e15, writtenAt: 0, rttMs: 0))
        let off = try #require(game.room.tiebreaks.last?.answers.values.first).value - 1e15
        #expect(off.isFinite)
    }

    /// Staking everything and winning doubles a score; a pack of many wager questions would then
    /// overflow it. The stake is capped at `InputBounds.wager`.
    @Test func theLargestStakeIsCapped() throws {
        let pack = GameHarness.singleQuestionPack(.truefalse(answer: true), wager: true)
        var game = try GameHarness(pack: pack)
        let ann = try game.join("Ann")
        #expect(game.room.maxWager(for: .player(ann), question: pack.rounds[0].questions[0]) <= InputBounds.wager.upperBound)
    }

    /// A log line naming a round the pack lacks, or a stake no client may send, is refused whole.
    @Test func replayRefusesAnEventOutOfRangeInsteadOfApplyingIt() throws {
        var game = try GameHarness(pack: GameHarness.samplePack())
        _ = try game.join("Ann")
        try game.send(.start)
        var log = game.log
        guard case .questionShown(var shown) = log.last(where: { $0.type == "question_shown" }) else { Issue.record("no question"); return }
        shown.round = 99
        log.append(.questionShown(shown))
        #expect(throws: GameError.self) { try Room.replay(log) }
        var wagers = game.log
        wagers.append(.wagerPlaced(WagerPlaced(at: 1, sequence: 0, player: PlayerID(1), amount: .max)))
        #expect(throws: GameError.self) { try Room.replay(wagers) }
        var late = game.log
        late.append(.hostDisconnected(HostDisconnected(at: .max)))
        #expect(throws: GameError.self) { try Room.replay(late) }
    }

    /// A join address comes from the host's request or from a log line: both are checked
    /// (`RoomJoinAddress.problem`) before they are logged or applied.
    @Test func aJoinAddressOutsideItsRangeIsRefusedLiveAndInTheLog() throws {
        var game = try GameHarness(pack: GameHarness.samplePack())
        let good = RoomJoinAddress(url: "http://10.0.0.2:8080", offered: ["http://10.0.0.2:8080", "http://192.168.1.20:8080"])
        _ = try game.send(.setJoinAddress(good))
        #expect(game.room.joinAddress == good)
        #expect(try Room.replay(game.log).joinAddress == good)
        let bad = [
            RoomJoinAddress(url: "http://evil.example", offered: ["http://10.0.0.2:8080"]),
            RoomJoinAddress(url: "javascript:alert(1)", offered: ["javascript:alert(1)"]),
            RoomJoinAddress(url: "http://a\u{1B}]0;x", offered: ["http://a\u{1B}]0;x"]),
            RoomJoinAddress(url: "http://a", offered: Array(repeating: "http://a", count: RoomJoinAddress.maxOffered + 1)),
            RoomJoinAddress(url: "http://" + String(repeating: "a", count: RoomJoinAddress.maxURLBytes), offered: ["http://" + String(repeating: "a", count: RoomJoinAddress.maxURLBytes)]),
        ]
        for address in bad {
            #expect(address.problem() != nil, "\(address)")
            #expect(throws: GameError.self) { _ = try game.send(.setJoinAddress(address)) }
            var log = game.log
            log.append(.joinAddressSet(JoinAddressSet(at: 1, address: address)))
            #expect(throws: GameError.self) { try Room.replay(log) }
        }
        #expect(game.room.joinAddress == good)
    }
}
