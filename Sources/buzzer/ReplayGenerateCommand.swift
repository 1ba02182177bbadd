import ArgumentParser
import BuzzerArchive
import BuzzerReplay
import Foundation

/// `buzzer replay generate`: a synthetic archive of plausible games, for the verify benchmark.
struct ReplayGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic archive of many games (benchmarks).",
        shouldDisplay: false)

    @Option(help: "Write at least this many events.")
    var events = 1_000_000

    @Option(help: ArgumentHelp("An empty (or new) directory for the log files.", valueName: "dir"))
    var output: String

    @Option(help: "Seed: the same seed writes the same games.")
    var seed: UInt64 = 1

    @Option(help: "Instead: one running room (FLXXD6) whose host sent this many score adjustments, past the live caps (issue 39's flood).")
    var adjustments: Int?

    func run() throws {
        if let existing = try? ArchiveFileName.logFiles(in: output), !existing.isEmpty {
            throw ValidationError("\(output) already holds log files; give an empty directory")
        }
        let start = ContinuousClock.now
        if let adjustments, adjustments < 0 { throw ValidationError("--adjustments must be 0 or more") }
        let summary = try adjustments.map { try ArchiveGenerator(seed: seed).generateAdjustmentFlood(adjustments: $0, directory: output) }
            ?? ArchiveGenerator(seed: seed).generate(events: events, directory: output)
        let elapsed = ContinuousClock.now - start
        ReplayOutput.write("wrote \(summary.events) events of \(summary.games) games in \(summary.files) file(s) to \(output) in \(elapsed)\n")
    }
}
