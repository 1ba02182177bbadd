import BuzzerApp
import BuzzerGame
import Dispatch

/// `buzzer fuzz protocol`: a stateful fuzzer of the game protocol, in-process and without sockets.
///
/// Each game creates a room from random settings and a random pack (in and out of range, in code or
/// as a client's `create` JSON), then sends it random well-formed commands from the host, several
/// players and displays, with boundary values and clock jumps, in every phase. Every command's
/// events go through `RoomPublisher` and every message through the server's encoder, and after each
/// step the invariants are checked (`FuzzGame+Checks.swift`): no trap, refusals with documented
/// codes only, every message encodes, no answer reaches a player or display before its reveal, and
/// the log replays to the same room. Game `g` of seed `s` draws from its own stream, so
/// `--seed s --game g` plays it again alone (docs/fuzzing.md).
package enum ProtocolFuzzer {
    package struct Options: Sendable {
        package var seed: UInt64
        /// Steps in all; a step is one command, client message, flush or screen refresh.
        package var steps: Int
        /// Stop after this many games, if sooner.
        package var games: Int?
        /// Play only this game of the seed: how a failure is reproduced.
        package var game: Int?
        /// Replay the whole log and compare rooms every this many steps of a game (and at its end).
        package var replayEvery = 64
        /// Print every step before it runs, so the last line before a trap names its command.
        package var trace = false

        package init(seed: UInt64, steps: Int) {
            self.seed = seed
            self.steps = steps
        }
    }

    /// A broken invariant, with what reproduces it.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var seed: UInt64
        package var game: Int
        /// Step within the game, from 1.
        package var step: Int
        /// Step within the run, from 1.
        package var runStep: Int
        package var phase: RoomPhase?
        package var command: String
        package var invariant: String
        package var detail: String

        package var description: String {
            """
            FAILED \(invariant): \(detail)
              seed \(seed), game \(game), step \(step) (run step \(runStep)), phase \(phase?.rawValue ?? "none")
              command: \(command)
              reproduce: buzzer fuzz protocol --seed \(seed) --game \(game) --steps \(step) --trace
            """
        }
    }

    package struct Report: Sendable, CustomStringConvertible {
        package var seed: UInt64
        package var steps = 0
        package var games = 0
        /// Rooms `Room.create` refused (settings or pack), by code.
        package var createRefused: [String: Int] = [:]
        package var accepted = 0
        /// Refused commands, by `GameError.code` (and `bad_message` for client JSON, `not_host` for a role's mistake).
        package var refused: [String: Int] = [:]
        package var clientMessages = 0
        package var deliveries = 0
        package var replays = 0
        /// Games that were in each phase at some point.
        package var phasesReached: [RoomPhase: Int] = [:]
        /// How the games ended, by `EndReason` (`unfinished`: the game's budget ran out first).
        package var endings: [String: Int] = [:]
        package var failures: [Failure] = []
        package var seconds = 0.0

        package var stepsPerSecond: Double { seconds > 0 ? Double(steps) / seconds : 0 }

        package var description: String {
            func counts(_ table: [String: Int]) -> String {
                table.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            let phases = [RoomPhase.lobby, .reading, .open, .closed, .revealed, .leaderboard, .onBreak, .tiebreak, .ended]
                .map { "\($0.rawValue) \(phasesReached[$0] ?? 0)" }.joined(separator: ", ")
            return """
            seed \(seed): \(steps) steps in \(String(format2: seconds)) s (\(Int(stepsPerSecond)) steps/s), \(games) games
              commands accepted \(accepted), refused \(refused.values.reduce(0, +)): \(counts(refused))
              rooms refused at create: \(counts(createRefused))
              client messages \(clientMessages), deliveries encoded \(deliveries), replays compared \(replays)
              games that reached each phase: \(phases)
              endings: \(counts(endings))
              failures \(failures.count)
            """
        }
    }

    /// Plays games until `options.steps` steps (or `options.games` games) are done. A trap cannot be
    /// caught: `FuzzCrashReporter` prints the seed, game and step on the way down.
    package static func run(_ options: Options, print output: (String) -> Void = { _ in }) -> Report {
        FuzzCrashReporter.install()
        var report = Report(seed: options.seed)
        let started = DispatchTime.now().uptimeNanoseconds
        var number = options.game ?? 0
        while report.steps < options.steps, options.games.map({ report.games < $0 }) ?? true {
            var game = FuzzGame(seed: options.seed, number: number, options: options)
            game.play(budget: options.steps - report.steps, report: &report, print: output)
            report.games += 1
            if options.game != nil { break }
            number += 1
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
    }

    /// The seed of game `number` of a run: its own SplitMix64 stream, so a game replays alone.
    static func gameSeed(_ seed: UInt64, _ number: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }
}

extension String {
    /// Two decimals, without Foundation's `String(format:)`.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
