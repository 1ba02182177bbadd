import ArgumentParser
import BuzzerApp
import BuzzerFuzz
import Glibc

/// `buzzer fuzz`: fuzzers that run in-process, without libFuzzer (the codec's targets are `Fuzz/run.sh`).
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run an in-process fuzzer (the libFuzzer targets are Fuzz/run.sh).",
        subcommands: [ProtocolFuzz.self])

    /// Random games against the room and the publisher; see docs/fuzzing.md.
    struct ProtocolFuzz: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "protocol",
            abstract: "Drive rooms and the publisher with random commands and check the protocol's invariants.")

        @Option(help: "Steps in all (a step is one command, client message, flush or screen refresh).")
        var steps: Int = 100_000

        @Option(help: "The run's seed: the same seed and steps give the same run.")
        var seed: UInt64 = 1

        @Option(help: "Stop after this many games.")
        var games: Int?

        @Option(help: "Play only this game of the seed (how a failure is reproduced).")
        var game: Int?

        @Option(help: "Compare Room.replay(log) with the room every this many steps of a game.")
        var replayEvery: Int = 64

        @Flag(help: "Print every step before it runs.")
        var trace = false

        func run() throws {
            guard steps > 0, replayEvery > 0 else { throw ValidationError("--steps and --replay-every must be positive") }
            var options = ProtocolFuzzer.Options(seed: seed, steps: steps)
            options.games = games
            options.game = game
            options.replayEvery = replayEvery
            options.trace = trace
            print("protocol fuzzer: seed \(seed), \(steps) steps\(game.map { ", game \($0) only" } ?? "")")
            let report = ProtocolFuzzer.run(options) { line in
                print(line)
                fflush(nil)
            }
            print(report)
            if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }
}
