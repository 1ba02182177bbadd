import ArgumentParser
import BuzzerApp
import BuzzerArchive
import BuzzerBench
import BuzzerTransport
import Foundation

/// `buzzer bench`: measurements, never tests. Figures go to docs/performance.md with the command.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a benchmark (the game-night load test is Benchmarks/game/run.sh).",
        subcommands: [ArchiveBench.self, RevealBench.self, ResumeBench.self, LeagueBench.self, QuestionsBench.self, BuzzBench.self])

    /// The archive writer alone: events/s and append-to-durable latency, on this machine's disk.
    struct ArchiveBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Measure the event log writer: throughput and acknowledgement latency per durability mode.")

        @Option(help: "Events to append.")
        var events: Int = 200_000

        @Option(help: "Durability modes to measure: group, always, none (comma-separated).")
        var durability: String = "group,none"

        @Option(help: "Pace appends at this many events/s in all (0: as fast as the producers can).")
        var rate: Double = 0

        @Option(help: "Threads appending at once, each for its own rooms, like event loops.")
        var producers: Int = 1

        @Option(help: "Group-commit window in milliseconds.")
        var groupCommitMs: Int = ArchiveConfig.defaultGroupCommitMilliseconds

        @Option(help: "Scratch folder (a fresh subfolder is made per run and removed after).")
        var directory: String = FileManager.default.temporaryDirectory.path

        func run() throws {
            for name in durability.split(separator: ",") {
                guard let mode = ArchiveDurability(rawValue: String(name)) else {
                    throw ValidationError("unknown durability \"\(name)\": use group, always or none")
                }
                let folder = directory + "/buzzer-bench-\(UUID().uuidString)"
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let result = try ArchiveBenchmark.run(
                    events: events, durability: mode, directory: folder, groupCommitMilliseconds: groupCommitMs,
                    ratePerSecond: rate > 0 ? rate : nil, producers: producers)
                print(result)
                let read = try ArchiveBenchmark.read(path: folder)
                print("  read back: \(read)")
            }
        }
    }

    /// A reveal's work on the room's loop before the first result leaves, in-process.
    struct RevealBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reveal",
            abstract: "Measure what one reveal costs the room's loop, step by step, for a room of N players.")

        @Option(help: "Players in the room.")
        var players: Int = 10_000

        @Option(help: "Questions to play and reveal (the median is reported).")
        var questions: Int = 10

        func run() throws {
            guard players > 0, questions > 0 else { throw ValidationError("--players and --questions must be positive") }
            print(try RevealBenchmark.run(players: players, questions: questions))
        }
    }

    /// Every phone of a big room coming back at once: the room's loop's work per resume, in-process.
    struct ResumeBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",
            abstract: "Measure what each resume costs the room's loop when every player of a room of N comes back at once.")

        @Option(help: "Players in the room.")
        var players: Int = 2_000

        func run() throws {
            guard players > 0 else { throw ValidationError("--players must be positive") }
            print(try ResumeBenchmark.run(players: players))
        }
    }

    /// A year of weekly league nights, in a scratch folder: the archive `league` and `questions` measure.
    struct LeagueYear: ParsableArguments {
        @Option(help: "Weekly nights.")
        var weeks: Int = 52

        @Option(help: "Games per night.")
        var games: Int = 5

        @Option(help: "Scratch folder (a fresh subfolder is made per run and removed after).")
        var directory: String = FileManager.default.temporaryDirectory.path

        /// A fresh folder under `directory` for one run of `bench`.
        func folder(_ bench: String) -> String { directory + "/buzzer-bench-\(bench)-\(UUID().uuidString)" }

        func validate() throws {
            guard (1...520).contains(weeks), (1...50).contains(games) else { throw ValidationError("weeks 1-520, games 1-50") }
        }
    }

    /// A year of weekly league nights: what the league standings cost the server (docs/performance.md).
    struct LeagueBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "league",
            abstract: "Measure league standings over a year of weekly games: first read, computation, cached answer, refresh after a game.")

        @OptionGroup var year: LeagueYear

        @Option(help: "Players per game.")
        var players: Int = 100

        @Option(help: "Questions per game (each player answers each: the log's bulk, which the league reader skips).")
        var questions: Int = 40

        @Flag(help: "Keep the archive (its folder is printed), e.g. to serve it: buzzer serve --archive FOLDER.")
        var keep = false

        func run() throws {
            guard (1...10_000).contains(players), (1...200).contains(questions) else { throw ValidationError("players 1-10000, questions 1-200") }
            let folder = year.folder("league")
            defer { if keep { print("archive kept in \(folder)") } else { try? FileManager.default.removeItem(atPath: folder) } }
            print(try LeagueBenchmark.run(weeks: year.weeks, gamesPerNight: year.games, players: players, questions: questions, directory: folder))
        }
    }

    /// The question index over a year of weekly league nights: its build and its lookups (docs/performance.md).
    struct QuestionsBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "questions",
            abstract: "Measure the question index over a year of weekly league nights: its build, then the editor's and the create form's lookups.")

        @OptionGroup var year: LeagueYear

        @Option(help: "Lookups of each kind to time.")
        var lookups: Int = 1000

        @Flag(help: "Keep the archive (its folder is printed): every game played whole, e.g. for players' nights (Benchmarks/league-flood, nights).")
        var keep = false

        func run() throws {
            guard (1...100_000).contains(lookups) else { throw ValidationError("lookups 1-100000") }
            let folder = year.folder("questions")
            defer { if keep { print("archive kept in \(folder)") } else { try? FileManager.default.removeItem(atPath: folder) } }
            print(try QuestionIndexBenchmark.run(weeks: year.weeks, gamesPerNight: year.games, lookups: lookups, directory: folder))
        }
    }
}
