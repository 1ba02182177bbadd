import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

@Suite struct RoundTripTests {
    @Test func showGivesBackTheExactStandingsOfTheLiveGame() throws {
        let dir = TemporaryDirectory()
        let game = try PlayedGame.wholeGame()
        try writeArchive([game], to: dir.path)

        let found = try scan(dir.path, depth: .timeline).game(GameReference(code: "ABCD"))
        let timeline = try GameTimeline(found)
        let live = game.room.standings
        #expect(timeline.finalStandings.players.map(\.name) == live.players.map(\.nickname))
        #expect(timeline.finalStandings.players.map(\.score) == live.players.map(\.score))
        #expect(timeline.finalStandings.teams.map(\.score) == live.teams.map(\.score))
        #expect(timeline.status == .finished)
        #expect(timeline.questions.count == 6)
        #expect(live.players.contains { $0.score > 0 })

        let first = timeline.questions[0]
        #expect(first.correctAnswer == "Canberra")
        #expect(first.answered == 4)
        #expect(first.right == 2)
        #expect(first.distribution.first { $0.answer == "Canberra" }?.count == 2)
        #expect(first.fastestCorrect?.player == "Ann")
        #expect(first.fastestCorrect?.responseMs == 800)
        // The standings after each question are the ones the live room recorded at its reveal.
        for (position, event) in game.log.enumerated() {
            guard case .questionRevealed(let revealed) = event, let recorded = revealed.standings else { continue }
            let after = try #require(timeline.questions[revealed.sequence].standings, "question \(revealed.sequence) at \(position)")
            #expect(after.players.map(\.score) == recorded.players.map(\.score))
        }
    }

    @Test func exportGivesBackEveryAnswerWithRunningTotalsEqualToTheScores() throws {
        let dir = TemporaryDirectory()
        let game = try PlayedGame.wholeGame()
        try writeArchive([game], to: dir.path)

        let rows = try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "ABCD")))
        #expect(rows.filter { $0.kind == .answer }.count == game.room.asked.reduce(0) { $0 + $1.answers.count })
        for player in game.room.players.values {
            let last = rows.last { $0.player == player.nickname && $0.kind != .total }
            #expect(last?.runningTotal == player.score, "\(player.nickname)")
            #expect(rows.filter { $0.player == player.nickname }.reduce(0) { $0 + ($1.points ?? 0) } == player.score)
            #expect(rows.last { $0.player == player.nickname }?.runningTotal == player.score, "the total row")
        }
        let bob = try #require(rows.first { $0.player == "Bob" && $0.question == 4 })
        #expect(bob.answer == "Say \"Beatles\"")
        #expect(bob.correct == false)
        let poll = try #require(rows.first { $0.question == 6 })
        #expect(poll.correct == nil)
        #expect(poll.outcome == "counted")
        let multi = try #require(rows.first { $0.player == "Ann" && $0.question == 2 })
        #expect(multi.answer == "Neon; Argon")
    }

    @Test func aReusedCodeMakesNumberedGamesAndTheNewestIsTheDefault() throws {
        let dir = TemporaryDirectory()
        let first = try PlayedGame.wholeGame(at: 1_700_000_000_000)
        let second = try PlayedGame.wholeGame(at: 1_700_086_400_000)
        try writeArchive([first, second], to: dir.path)

        let result = try scan(dir.path, depth: .summary, now: 1_800_000_000_000)
        #expect(result.games.map(\.id) == ["ABCD@1", "ABCD@2"])
        #expect(try result.game(GameReference(code: "ABCD")).startedAt == 1_700_086_400_000)
        #expect(try result.game(GameReference(parsing: "ABCD@1")).startedAt == 1_700_000_000_000)
        #expect(throws: ReplayError.noSuchGameNumber(code: "ABCD", number: 3, count: 2)) { try result.game(GameReference(parsing: "ABCD@3")) }
        // A league's game key names a game by its start, whichever number it has.
        #expect(try result.game(GameReference(parsing: "ABCD-1700000000000")).id == "ABCD@1")
        #expect(throws: ReplayError.noSuchGameStart(code: "ABCD", startedAt: 1)) { try result.game(GameReference(parsing: "ABCD-1")) }
        #expect(throws: ReplayError.unknownGame(code: "WXYZ")) { try result.game(GameReference(code: "WXYZ")) }
        #expect(result.games.allSatisfy { $0.status == .finished && $0.title == "Pub Classics" && $0.playerCount == 4 && $0.teamCount == 2 })
    }

    @Test func statusesAreFinishedAbandonedOrRunning() throws {
        let dir = TemporaryDirectory()
        let start: GameInstant = 1_700_000_000_000
        let finished = try PlayedGame.wholeGame(code: "FINI", at: start)
        var hostLeft = try PlayedGame(code: "LEFT", at: start)
        _ = try hostLeft.join("Ann")
        try hostLeft.send(.hostDisconnected)
        hostLeft.now += 120_000
        try hostLeft.send(.tick)
        var stale = try PlayedGame(code: "OLDX", at: start)
        _ = try stale.join("Ann")
        var live = try PlayedGame(code: "LIVE", at: start + 7_000_000)
        _ = try live.join("Ann")
        try writeArchive([finished, hostLeft, stale, live], to: dir.path)

        let result = try scan(dir.path, depth: .summary, now: start + 7_200_000)
        let statuses = Dictionary(uniqueKeysWithValues: result.games.map { ($0.code, $0.status) })
        #expect(statuses == ["FINI": .finished, "LEFT": .abandoned, "OLDX": .abandoned, "LIVE": .running])
    }

    @Test func aGameCutShortByACodeReuseIsAbandoned() throws {
        let dir = TemporaryDirectory()
        var cut = try PlayedGame(code: "ABCD", at: 1_700_000_000_000)
        _ = try cut.join("Ann")
        let next = try PlayedGame.wholeGame(at: 1_700_000_100_000)
        try writeArchive([cut, next], to: dir.path)
        let result = try scan(dir.path, depth: .summary, now: 1_700_000_200_000)
        #expect(result.games.map(\.status) == [.abandoned, .finished])
    }

    @Test func interleavedRoomsAreSeparatedByCode() throws {
        let dir = TemporaryDirectory()
        let a = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000)
        let b = try PlayedGame.wholeGame(code: "BBBB", at: 1_700_000_000_500)
        let merged = (a.log.map { ("AAAA", $0) } + b.log.map { ("BBBB", $0) }).enumerated()
            .sorted { $0.element.1.at != $1.element.1.at ? $0.element.1.at < $1.element.1.at : $0.offset < $1.offset }
            .map { (code: $0.element.0, event: $0.element.1) }
        try writeArchive(merged, to: dir.path)
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok, "\(report)")
        #expect(report.games.map(\.game) == ["AAAA@1", "BBBB@1"])
        #expect(report.games.allSatisfy { $0.standingsChecked == 7 })
    }

    @Test func missingArchiveAndEmptyDirectoryAreClearErrors() throws {
        let dir = TemporaryDirectory()
        #expect(throws: ReplayError.missingArchive(path: dir.path + "/nope")) { try ReplayArchive(paths: [dir.path + "/nope"]) }
        #expect(throws: ReplayError.emptyArchive(path: dir.path)) { try ReplayArchive(paths: [dir.path]) }
        #expect(ReplayError.missingArchive(path: "x").description.contains("no archive at x"))
        #expect(throws: ReplayError.emptyArchive(path: "\(dir.path), \(dir.path)")) { try ReplayArchive(paths: [dir.path, dir.path]) }
    }

    @Test func filesGivenOneByOneAreReadInLogOrder() throws {
        let dir = TemporaryDirectory()
        let first = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000)
        // Every writer start begins a new file, and a tiny size limit rotates often: the game spans several files.
        let config = ArchiveConfig(directory: dir.path, durability: .none, maxFileBytes: 4096)
        for part in [first.log.prefix(1), first.log.dropFirst()] {
            let writer = try ArchiveWriter(config: config)
            for event in part { try writer.append(room: "AAAA", time: event.at, encoding: event) { _ in } }
            writer.close()
        }
        let files = try dir.logFiles()
        #expect(files.count >= 2)
        let report = try VerifyReport(ReplayArchive(paths: files.reversed()).scan(depth: .replay))
        #expect(report.ok, "\(report)")
        #expect(report.games.map(\.game) == ["AAAA@1"])
    }

    @Test func eachInstancesArchiveIsItsOwnSequence() throws {
        // Behind a proxy every instance numbers its own lines from 1 (docs/scale-out.md); read together,
        // neither may look like a gap or a repeat in the other.
        let a = TemporaryDirectory(), b = TemporaryDirectory()
        try writeArchive([try PlayedGame.wholeGame(code: "AAAA")], to: a.path)
        try writeArchive([try PlayedGame.wholeGame(code: "BBBB", at: 1_700_000_000_500)], to: b.path)
        let both = try ReplayArchive(paths: [a.path, b.path])
        #expect(both.sequences.count == 2)
        let report = try VerifyReport(both.scan(depth: .replay))
        #expect(report.ok, "\(report)")
        #expect(report.games.map(\.game).sorted() == ["AAAA@1", "BBBB@1"])
        // Files named one by one still join their folder's sequence.
        let files = try ReplayArchive(paths: try b.logFiles() + a.logFiles())
        #expect(files.sequences.count == 2)
        #expect(try VerifyReport(files.scan(depth: .replay)).ok)
    }

    @Test func theConfiguredDirectoryComesFromConfigJSON() throws {
        let dir = TemporaryDirectory()
        let config = dir.path + "/config.json"
        try #"{"server":{"port":1},"archive":{"directory":"/var/lib/buzzer"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try ReplayArchive.configuredDirectory(configPath: config, required: true) == "/var/lib/buzzer")
        try #"{"server":{"port":1}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        // A relative directory is taken from the config file's folder, as `buzzer serve` does.
        #expect(try ReplayArchive.configuredDirectory(configPath: config, required: true)
            == URL(fileURLWithPath: dir.path + "/archive").standardizedFileURL.path)
        #expect(try ReplayArchive.configuredDirectory(configPath: dir.path + "/none.json", required: false) == "archive")
        #expect(throws: ReplayError.self) { try ReplayArchive.configuredDirectory(configPath: dir.path + "/none.json", required: true) }
        try "{".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(throws: ReplayError.self) { try ReplayArchive.configuredDirectory(configPath: config, required: false) }
    }
}
