import Testing
@testable import BuzzerGame

/// A reveal scores only the new question on top of the last fold (`Room.scoreReveal(of:)`); it must
/// always end where re-scoring the whole game from scratch does.
struct IncrementalScoringTests {
    /// Six questions of every kind, the second round a team wager round, played by random players who
    /// answer at random, while the host accepts a typed answer, adjusts scores, kicks a player and lets
    /// a late one in. After every command, the room equals a copy re-scored from scratch.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func revealScoringMatchesAFullRescoreAfterEveryCommand(seed: UInt64) throws {
        var pack = GameHarness.samplePack()
        pack.rounds[1].wager = seed.isMultiple(of: 2)
        var game = try GameHarness(pack: pack, settings: RoomSettings(), seed: seed)
        var random = SplitMix64(seed: seed)
        var players: [PlayerID] = []
        for index in 0..<12 { players.append(try game.join("P\(index)", team: index.isMultiple(of: 3) ? "Owls" : "Larks")) }

        func expectFullRescoreAgrees(_ step: String) {
            var rescored = game.room
            rescored.recomputeScores()
            #expect(rescored.players == game.room.players, "scores differ after \(step)")
            #expect(rescored.teams == game.room.teams, "team bonuses differ after \(step)")
            #expect(rescored.asked.map(\.awards) == game.room.asked.map(\.awards), "awards differ after \(step)")
        }

        try game.send(.start)
        var sequence = 0
        while game.room.phase != .ended {
            guard let current = game.room.currentQuestion else { break }
            game.openAnswers()
            let content = game.room.question(current).content
            for id in players where random.next() % 4 != 0 {
                if game.room.pack.rounds[current.round].wager {
                    _ = try? game.send(.wager(id, question: current.sequence, amount: Int(random.next() % 50)))
                }
                _ = try? game.answer(id, Self.randomAnswer(content, &random), afterOpenMs: GameDuration(random.next() % 15_000))
            }
            try game.send(.reveal)
            expectFullRescoreAgrees("revealing question \(sequence)")
            switch random.next() % 4 {
            case 0:
                _ = try? game.send(.accept(question: current.sequence, text: "the beetles"))
                expectFullRescoreAgrees("an accept")
            case 1:
                try game.send(.adjustScore(.player(players[Int(random.next() % UInt64(players.count))]), delta: 25, reason: "quiz master"))
                expectFullRescoreAgrees("an adjustment")
            case 2 where players.count > 4:
                try game.send(.kick(players.removeFirst(), ban: false))
                expectFullRescoreAgrees("a kick")
            default:
                players.append(try game.join("Late\(sequence)"))
            }
            try game.send(.next)
            // A round ends on its leaderboard; the game's last one on the final leaderboard.
            if game.room.phase == .leaderboard, (try? game.send(.next)) == nil { try game.send(.end) }
            sequence += 1
        }
        expectFullRescoreAgrees("the end")
        // And the log replays to the same room, fold and all.
        #expect(try Room.replay(game.log) == game.room)
    }

    private static func randomAnswer(_ content: QuestionContent, _ random: inout SplitMix64) -> AnswerValue {
        let count = UInt64(max(1, content.options.count))
        switch content.kind {
        case .choice: return .option(Int(random.next() % count))
        case .multi: return .options((0..<content.options.count).filter { _ in random.next() % 2 == 0 })
        case .truefalse: return .bool(random.next() % 2 == 0)
        case .text: return .text(["The Beatles", "the beetles", "Stones"][Int(random.next() % 3)])
        case .number: return .number(Double(1960 + random.next() % 20))
        case .poll: return .vote(Int(random.next() % count))
        case .order: return .ranking(Array(content.options.indices).shuffled(using: &random))
        case .pin: return .point(PinPoint(x: Int(random.next() % 10_001), y: Int(random.next() % 10_001)))
        case .survey: return .phrase(["Paris", "PARIS", "Rome", "Oslo"][Int(random.next() % 4)])
        case .buzz: return .press(ButtonPress(place: 1, tie: false, right: nil))
        default: return content.kind.module.rightAnswer(content, permutation: Array(content.options.indices))
        }
    }
}
