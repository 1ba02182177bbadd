import BuzzerFuzz
import Testing
@testable import BuzzerApp
import BuzzerGame

/// The protocol fuzzer's short form, run by `swift test`: a few fixed seeds. The long run is
/// `buzzer fuzz protocol` (docs/fuzzing.md). A trap here kills the test process; the fuzzer then
/// prints the seed, game and step, and `buzzer fuzz protocol --seed S --game G --trace` replays it.
@Suite struct ProtocolFuzzTests {
    static let steps = 4000

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomGamesKeepEveryInvariant(seed: UInt64) {
        print("ProtocolFuzzTests: seed \(seed), \(Self.steps) steps")
        let report = ProtocolFuzzer.run(ProtocolFuzzer.Options(seed: seed, steps: Self.steps))
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description).joined(separator: "\n"))")
        #expect(report.steps == Self.steps)
        #expect(report.accepted > Self.steps / 4 && report.refused.count > 10, "\(report)")
    }

    /// Together the seeds' games pass through every phase, a tiebreak and a break included.
    @Test func theShortFormReachesEveryPhase() {
        let report = ProtocolFuzzer.run(ProtocolFuzzer.Options(seed: 4, steps: Self.steps))
        for phase in [RoomPhase.lobby, .reading, .open, .closed, .revealed, .leaderboard, .onBreak, .tiebreak, .ended] {
            #expect(report.phasesReached[phase, default: 0] > 0, "\(phase)")
        }
    }

    /// The buzzer's refusals are reachable: a press after a false start or a wrong answer, a mark with nobody on the floor.
    /// Seeds are tried in turn (each kind is one of ten in a random pack, so one short seed may ask no buzz question).
    @Test func theShortFormReachesTheBuzzersRefusals() {
        var refused: [String: Int] = [:]
        for seed in 3...10 as ClosedRange<UInt64> where refused[ProtocolErrorCode.lockedOut.rawValue] == nil || refused[ProtocolErrorCode.noFloor.rawValue] == nil {
            let report = ProtocolFuzzer.run(ProtocolFuzzer.Options(seed: seed, steps: Self.steps))
            #expect(report.failures.isEmpty, "seed \(seed)")
            refused.merge(report.refused, uniquingKeysWith: +)
        }
        for code in [ProtocolErrorCode.lockedOut, .noFloor] {
            #expect(refused[code.rawValue, default: 0] > 0, "\(code)")
        }
    }

    /// A failure is reproduced from the seed and the game alone: each game draws from its own stream.
    @Test func aGamePlaysTheSameAloneAsInItsRun() {
        var options = ProtocolFuzzer.Options(seed: 9, steps: 100_000)
        options.games = 3
        let run = ProtocolFuzzer.run(options)
        var alone: [ProtocolFuzzer.Report] = []
        for game in 0..<3 {
            options.game = game
            alone.append(ProtocolFuzzer.run(options))
        }
        #expect(alone.map(\.steps).reduce(0, +) == run.steps)
        #expect(alone.map(\.accepted).reduce(0, +) == run.accepted)
        #expect(alone.map(\.deliveries).reduce(0, +) == run.deliveries)
        #expect(ProtocolFuzzer.run(options).refused == alone[2].refused)
    }
}
