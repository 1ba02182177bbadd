import BuzzerBench
import BuzzerTestSupport
import Foundation
import Testing

/// `buzzer bench questions` plays its league nights through the game code: every game is finished
/// and whole, so the index it times holds them all, and the pack's new round is never a repeat.
struct QuestionIndexBenchmarkTests {
    @Test func theBenchmarksIndexHoldsEveryGameItPlayed() throws {
        let path = ScratchFolder.make("buzzer-bench-questions", create: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try QuestionIndexBenchmark.run(weeks: 2, gamesPerNight: 2, lookups: 3, directory: path)
        #expect(result.games == 4)
        #expect(result.questions > 0)
        #expect(result.packSize == 21)
        #expect(result.repeated <= 14)
    }
}
