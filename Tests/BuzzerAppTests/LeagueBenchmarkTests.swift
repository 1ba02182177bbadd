import BuzzerArchive
import BuzzerBench
import BuzzerGame
import BuzzerGameJSON
import BuzzerReplay
import BuzzerTestSupport
import Foundation
import Testing

/// `buzzer bench league` writes its year of nights with the game's own event encoding: every line
/// reads back as a `RoomEvent`, and the league reader counts every game it wrote.
struct LeagueBenchmarkTests {
    @Test func theBenchmarksLogIsTheRealArchiveFormat() throws {
        let path = ScratchFolder.make("buzzer-bench-league", create: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try LeagueBenchmark.run(weeks: 2, gamesPerNight: 2, players: 6, questions: 3, directory: path)
        #expect(result.games == 4)

        var reader = LeagueGameReader()
        var lines: [ArchiveLine] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
        try ArchiveReader(files: files).read { item in
            reader.add(item)
            if case .line(let line) = item { lines.append(line) }
        }
        // Two weeks of two games, and the one more game the benchmark adds to time the refresh.
        #expect(reader.games.count == 5)
        #expect(reader.skipped.isEmpty)
        // A game: room_created, one team, six players, three answers each, room_ended.
        #expect(lines.count == result.lines)
        #expect(lines.count == 5 * (1 + 1 + 6 + 3 * 6 + 1))
        for line in lines {
            let event = try line.decode(RoomEvent.self)
            #expect(event.type == line.type)
            #expect(event.at == line.time)
        }
        #expect(lines.filter { $0.type == AnswerRecorded.wireName }.count == 5 * 3 * 6)
    }
}
