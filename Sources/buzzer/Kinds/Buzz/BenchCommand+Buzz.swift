import ArgumentParser
import BuzzerBench
import BuzzerGame
import BuzzerTransport

extension BenchCommand {
    /// The buzzer's fairness over real sockets: phones with random round trips pressing at known instants.
    struct BuzzBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: BuzzKind.name,
            abstract: "Measure the buzzer's order against true press times: teams on 0-400 ms round trips pressing within 50 ms.")

        @Option(help: "Teams (one phone each).")
        var teams: Int = 100

        @Option(help: "Buzz questions to play (the figures pool every press).")
        var rounds: Int = 5

        @Option(help: "Every press falls within this many ms.")
        var windowMs: Int = 50

        @Option(help: "The largest round trip a phone gets (each gets 0 to this).")
        var maxRttMs: Int = 400

        @Option(help: "The room's rttCompensationCapMs (default: max-rtt-ms).")
        var capMs: Int?

        @Option(help: "Seed of the delays and press times.")
        var seed: UInt64 = 1

        @Option(help: "Phones that hold every pong 700 ms to buy a longer round trip; the report gives what they gained.")
        var cheaters: Int = 0

        @Option(help: "kernel or pongs: whose word bounds the round trip (transport.roundTrip). The phones' networks are simulated in user space, which only pongs shows.")
        var roundTrip: String = RoundTripSource.pongs.rawValue

        func run() throws {
            guard (2...500).contains(teams), (1...50).contains(rounds), (0...1_000).contains(windowMs), (0...5_000).contains(maxRttMs), (0...teams).contains(cheaters),
                  (0...5_000).contains(capMs ?? 0) else {
                throw ValidationError("teams 2-500, rounds 1-50, window-ms 0-1000, max-rtt-ms 0-5000, cap-ms 0-5000, cheaters 0-teams")
            }
            guard let source = RoundTripSource(rawValue: roundTrip) else { throw ValidationError("--round-trip is kernel or pongs") }
            print(try BuzzFairnessBenchmark.run(teams: teams, rounds: rounds, windowMs: windowMs, maxRTTMs: maxRttMs, seed: seed, cheaters: cheaters, roundTrip: source, capMs: capMs))
        }
    }
}
