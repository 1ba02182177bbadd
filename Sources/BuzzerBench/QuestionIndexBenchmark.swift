import BuzzerApp
import BuzzerGame
import BuzzerReplay
import Foundation

/// `buzzer bench questions`: a year of weekly league nights, played through the real game code
/// (`ArchiveGenerator`, every question sent, answered and revealed), then the question index built
/// from it as the server builds it at start, and the two lookups of `GET /api/questions/stats`
/// timed: the editor's (a pack's stats) and the create form's (which of them the league asked in
/// the last 90 days). Figures: docs/performance.md.
package enum QuestionIndexBenchmark {
    package struct Result: CustomStringConvertible, Sendable {
        package var games: Int
        package var events: Int
        package var questions: Int
        package var buildMs: Double
        package var lookups: Int
        package var packSize: Int
        package var editor: (p50: Double, p99: Double, max: Double)
        package var createForm: (p50: Double, p99: Double, max: Double)
        package var repeated: Int

        package var description: String {
            let f = { (v: Double) in String(format: "%.3f", v) }
            return """
                \(games) games, \(events) events, \(questions) distinct questions in the index
                  index built (whole archive, off the loops): \(String(format: "%.1f", buildMs)) ms
                  editor lookup (a pack of \(packSize)), \(lookups) times: p50 \(f(editor.p50)) ms, p99 \(f(editor.p99)) ms, max \(f(editor.max)) ms
                  create-form lookup (+ league, 90 days), \(lookups) times: p50 \(f(createForm.p50)) ms, p99 \(f(createForm.p99)) ms, max \(f(createForm.max)) ms
                  (\(repeated) of the pack's \(packSize) questions asked in the league in the last 90 days)
                """
        }
    }

    package static func run(weeks: Int, gamesPerNight: Int, lookups: Int, directory: String) throws -> Result {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var generator = ArchiveGenerator(seed: 32)
        generator.gamesPerNight = gamesPerNight
        generator.nightSpacingMs = 7 * 86_400_000
        generator.league = RoomLeague(id: "crown", name: "Tuesdays at The Crown")
        let summary = try generator.generate(events: Int.max / 100, nights: weeks, directory: directory)
        let now = generator.firstNight + Int64(weeks) * generator.nightSpacingMs

        let service = QuestionIndexService(folders: [directory], clock: { now }, warm: false)
        var clock = ContinuousClock.now
        func lap() -> Double {
            let end = ContinuousClock.now
            defer { clock = end }
            let d = end - clock
            return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        _ = lap()
        service.buildNow()
        let buildMs = lap()
        guard let snapshot = service.snapshot() else { throw CocoaError(.fileReadCorruptFile) }
        // A pack that repeats two rounds of last year's questions and brings a new one: what a host would bring.
        var pack = ArchiveGenerator.pack(number: 7, wager: false)
        for index in pack.rounds[2].questions.indices { pack.rounds[2].questions[index].text = "New this week: question \(index + 1)?" }
        var editor: [Double] = [], createForm: [Double] = []
        var repeated = 0
        for _ in 0..<lookups {
            _ = lap()
            _ = LibraryAPIBytes.encode(QuestionLookup(index: snapshot.index, builtAt: snapshot.builtAt, asked: QuestionLookup.positions(of: pack), league: nil, now: now))
            editor.append(lap())
            let lookup = QuestionLookup(index: snapshot.index, builtAt: snapshot.builtAt, asked: QuestionLookup.positions(of: pack), league: ("crown", 90), now: now)
            _ = LibraryAPIBytes.encode(lookup)
            createForm.append(lap())
            repeated = lookup.recent?.repeated ?? 0
        }
        func spread(_ values: [Double]) -> (Double, Double, Double) {
            let sorted = values.sorted()
            return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], sorted.last ?? 0)
        }
        return Result(games: summary.games, events: summary.events, questions: snapshot.index.entries.count, buildMs: buildMs, lookups: lookups,
                      packSize: QuestionLookup.positions(of: pack).count, editor: spread(editor), createForm: spread(createForm), repeated: repeated)
    }
}

/// The answer's bytes as the route writes them (sorted keys, JSONEncoder), so the encoding is timed too.
enum LibraryAPIBytes {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? []
    }
}
