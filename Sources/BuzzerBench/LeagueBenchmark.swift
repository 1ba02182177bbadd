import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import BuzzerReplay
import Foundation

/// `buzzer bench league`: a year of weekly league nights written as a real archive (one file a
/// night, every answer line included), then what the server pays for its standings: the first read
/// of the whole log, one computation of every period's tables, a cached answer, the refresh after one
/// more game ends (only its lines are read), and a phone's "your nights". Figures: docs/performance.md.
package enum LeagueBenchmark {
    package struct Result: CustomStringConvertible, Sendable {
        package var games: Int
        package var lines: Int
        package var bytes: Int
        package var readMs: Double
        package var firstRequestMs: Double
        package var computeMs: (median: Double, p99: Double)
        package var cachedMs: (median: Double, p99: Double)
        package var afterGameEndedMs: Double
        package var mineMs: Double
        package var documentBytes: Int

        package var description: String {
            let f = { (v: Double) in String(format: "%.2f", v) }
            return """
                \(games) games, \(lines) lines, \(bytes / 1_048_576) MiB of log
                  first read of the whole log (at start, off the loops): \(f(readMs)) ms
                  first request (every table of every period, then cached): \(f(firstRequestMs)) ms
                  standings computed (5 periods, teams and players, trends): median \(f(computeMs.median)) ms, p99 \(f(computeMs.p99)) ms
                  cached request (nothing changed): median \(f(cachedMs.median * 1000)) µs, p99 \(f(cachedMs.p99 * 1000)) µs
                  a game ends: refresh (its lines only) + next request: \(f(afterGameEndedMs)) ms
                  your nights (one phone): \(f(mineMs)) ms
                  standings document: \(documentBytes / 1024) KiB
                """
        }
    }

    package static func run(weeks: Int, gamesPerNight: Int, players: Int, questions: Int, directory: String) throws -> Result {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let start: Int64 = 1_736_276_400_000  // 2025-01-07 19:00 UTC, a Tuesday
        var writer = Writer(directory: directory)
        for week in 0..<weeks {
            let night = start + Int64(week) * 7 * 86_400_000
            try writer.night(at: night, games: gamesPerNight, players: players, questions: questions, week: week)
        }
        var config = BuzzerConfig()
        config.archive.directory = directory
        let asOf = start + Int64(weeks) * 7 * 86_400_000
        let service = LeagueService(config: config, clock: { asOf }, warm: false)

        var clock = ContinuousClock.now
        func lap() -> Double {
            let now = ContinuousClock.now
            defer { clock = now }
            let d = now - clock
            return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        _ = lap()
        service.refreshNow()
        let readMs = lap()
        guard let first = service.standings("crown", asOf: nil) else { throw CocoaError(.fileReadCorruptFile) }
        let firstMs = lap()

        let games = service.gamesForBenchmark()
        let entry = LeagueEntry(id: "crown", name: "Tuesdays at The Crown")
        var computed: [Double] = []
        for _ in 0..<20 {
            _ = lap()
            _ = LeagueStandings(games: games, entry: entry, asOf: asOf)
            computed.append(lap())
        }
        var cached: [Double] = []
        for _ in 0..<1000 {
            _ = lap()
            _ = service.standings("crown", asOf: nil)
            cached.append(lap())
        }
        try writer.night(at: asOf - 3_600_000, games: 1, players: players, questions: questions, week: weeks)
        _ = lap()
        service.refreshNow()
        _ = service.standings("crown", asOf: nil)
        let afterMs = lap()
        _ = service.mine("crown", device: "device-3")
        let mineMs = lap()
        func stats(_ values: [Double]) -> (Double, Double) {
            let sorted = values.sorted()
            return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
        }
        return Result(games: weeks * gamesPerNight, lines: writer.seq, bytes: writer.bytes, readMs: readMs, firstRequestMs: firstMs, computeMs: stats(computed),
                      cachedMs: stats(cached), afterGameEndedMs: afterMs, mineMs: mineMs, documentBytes: first.body.count)
    }

    /// Writes league nights as the server would: one file per night, each event encoded by the
    /// game's own event encoding and the archive's line encoder, so the log is the real format.
    struct Writer {
        let directory: String
        var seq = 0
        var bytes = 0
        var codes = 0
        /// The benchmarks' question, and four answers to it, the first right.
        private let question: Question
        private let options: [AnswerValue]
        private let league = RoomLeague(id: "crown", name: "Tuesdays at The Crown")

        init(directory: String) {
            self.directory = directory
            let bench = BenchQuestion()
            var random = SplitMix64(seed: 5)
            question = bench.question
            options = (0..<4).map { bench.answer(right: $0 == 0, permutation: Array(bench.question.content.options.indices), random: &random) }
        }

        mutating func night(at time: Int64, games: Int, players: Int, questions: Int, week: Int) throws {
            var text: [UInt8] = []
            let file = directory + "/buzzer-night\(week)-\(String(seq + 1).leftPadded(12)).jsonl"
            let pack = QuestionPack(title: "Week \(week)", questions: Array(repeating: question, count: questions))
            for game in 0..<games {
                codes += 1
                let code = "G" + String(codes, radix: 36).uppercased().leftPadded(5)
                var t = time + Int64(game) * 1_200_000
                func line(_ event: (GameInstant) -> RoomEvent) throws {
                    seq += 1
                    t += 1
                    let prepared = try ArchiveLineEncoder.prepare(room: code, time: t, encoding: event(t))
                    text += ArchiveLineEncoder.line(seq: UInt64(seq), prepared: prepared)
                }
                try line { .roomCreated(RoomCreated(at: $0, code: code, seed: 1, hostTokenHash: "x", settings: RoomSettings(), pack: pack, league: league)) }
                let teams = max(1, players / 5)
                for team in 1...teams { try line { .teamCreated(TeamCreated(at: $0, team: TeamID(team), name: "Team \((team + week) % (teams + 3))")) } }
                for player in 1...players {
                    try line {
                        .playerJoined(PlayerJoined(at: $0, player: PlayerID(player), nickname: "Player \(player)", team: TeamID((player - 1) % teams + 1),
                                                   deviceID: "device-\(player)", resumeTokenHash: "h", firstQuestion: 0))
                    }
                }
                for q in 0..<questions {
                    for player in 1...players {
                        let answer = options[(player + q + week) % 4]
                        try line { .answerRecorded(AnswerRecorded(at: $0, sequence: q, player: PlayerID(player), answer: answer, responseMs: GameDuration(1000 + player))) }
                    }
                }
                // Scores vary by week so ranks move.
                let scores = (1...players).map { ($0, (($0 * 7919 + week * 104_729 + game * 31) % 1000) * 10) }.sorted { $0.1 > $1.1 }
                var rows: [RecordedScore] = []
                for (index, entry) in scores.enumerated() {
                    let rank = index > 0 && scores[index - 1].1 == entry.1 ? rows.count : index + 1
                    rows.append(RecordedScore(id: entry.0, score: entry.1, rank: rank))
                }
                let teamRows = (1...teams).map { RecordedScore(id: $0, score: 1000 - $0, rank: $0) }
                try line { .roomEnded(RoomEnded(at: $0, reason: .finished, standings: RecordedStandings(players: rows, teams: teamRows))) }
            }
            try Data(text).write(to: URL(fileURLWithPath: file))
            bytes += text.count
        }
    }
}
