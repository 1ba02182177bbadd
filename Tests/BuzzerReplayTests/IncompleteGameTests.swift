import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// A log with a line missing must never print standings as if they were true: `show`, `export`
/// and `leaderboard` refuse it, or with `allowIncomplete` mark the output itself.
@Suite struct IncompleteGameTests {
    /// One generated quiz night (eight games played at once, their lines interleaved) with one
    /// answer missing from the middle of a finished game, as a damaged disk or a hand edit leaves it.
    struct DamagedNight {
        let dir: TemporaryDirectory
        let log: LogFile
        /// The game that lost the line, and where the gap shows: the line after the missing one.
        let game: ReplayGame
        let gapLocation: String

        init(removing type: String = "answer_recorded") throws {
            dir = TemporaryDirectory()
            _ = try ArchiveGenerator(seed: 3).generate(events: 1, directory: dir.path)
            let whole = try scan(dir.path)
            let target = try #require(whole.games.first { $0.status == .finished })
            var log = try LogFile(directory: dir.path)
            let own = log.lines.indices.filter { index in
                (target.firstSeq...target.lastSeq).contains(UInt64(index + 1)) && log.lines[index].contains(#""room":"\#(target.code)""#)
                    && log.lines[index].contains(#""type":"\#(type)""#)
            }
            let removed = try #require(own.count > 2 ? own[own.count / 2] : own.last)
            log.lines.remove(at: removed)
            try log.save()
            self.log = log
            // Every line after the removed one moved up by one: the next line is at `removed + 1`.
            gapLocation = "\(log.path):\(removed + 1)"
            let damaged = try scan(dir.path, depth: .timeline)
            game = try damaged.game(GameReference(code: target.code, number: target.number))
        }

        func games() throws -> [ReplayGame] { try scan(dir.path).games }
    }

    @Test func aMissingLineMakesItsGameIncompleteAndNamesWhere() throws {
        let night = try DamagedNight()
        #expect(!night.game.isComplete)
        let gap = try #require(night.game.errors.first { $0.kind == .sequence })
        #expect(gap.location == night.gapLocation)
        #expect(gap.message.contains("1 line missing"))
    }

    @Test func showRefusesAnIncompleteGameNamingTheFileAndLine() throws {
        let night = try DamagedNight()
        let error = #expect(throws: ReplayError.self) { try GameTimeline(night.game) }
        let text = error.map(String.init(describing:)) ?? ""
        #expect(text.hasPrefix("game \(night.game.id) is incomplete, so its numbers may be wrong: \(night.gapLocation)"), "\(text)")
        #expect(text.contains("--allow-incomplete"))
    }

    @Test func showWithAllowIncompleteMarksTheTimelineItself() throws {
        let night = try DamagedNight()
        let timeline = try GameTimeline(night.game, allowIncomplete: true)
        #expect(!timeline.complete)
        #expect(timeline.problems.contains { $0.location == night.gapLocation })
        #expect(!timeline.questions.isEmpty)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(timeline)) as? [String: Any]
        #expect(json?["complete"] as? Bool == false)
        #expect((json?["problems"] as? [Any])?.isEmpty == false)
    }

    @Test func exportRefusesAnIncompleteGameOrMarksEveryRow() throws {
        let night = try DamagedNight()
        #expect(throws: ReplayError.self) { try AnswerExport.rows(of: night.game) }
        let rows = try AnswerExport.rows(of: night.game, allowIncomplete: true)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { !$0.complete })
        let csv = AnswerExport.csv(rows).split(separator: "\r\n")
        #expect(csv.first?.hasSuffix(",running_total,rank,reason,complete") == true)
        #expect(csv.dropFirst().allSatisfy { $0.hasSuffix(",false") })
        let json = try JSONSerialization.jsonObject(with: Data(AnswerExport.json(rows).utf8)) as? [[String: Any]]
        #expect(json?.count == rows.count)
        #expect(json?.allSatisfy { $0["complete"] as? Bool == false } == true)
    }

    @Test func leaderboardRefusesWhenAGameItCountsIsIncomplete() throws {
        let night = try DamagedNight()
        let error = #expect(throws: ReplayError.self) { try SeasonLeaderboard(games: night.games(), by: .team) }
        guard case .incompleteSeason(let games)? = error else {
            Issue.record("expected incompleteSeason, got \(String(describing: error))")
            return
        }
        let named = try #require(games.first { $0.game == night.game.id })
        #expect(named.counted)
        #expect(named.firstProblem.hasPrefix(night.gapLocation))
        #expect(String(describing: error!).contains("--allow-incomplete"))
    }

    @Test func leaderboardWithAllowIncompleteNamesTheGamesAndMarksTheirRows() throws {
        let night = try DamagedNight()
        let games = try night.games()
        let board = try SeasonLeaderboard(games: games, by: .team, allowIncomplete: true)
        #expect(!board.complete)
        #expect(board.incompleteGames.contains { $0.game == night.game.id && $0.counted })
        // Every team of the damaged game carries the mark; the marks add up to the counted damage.
        let damagedTeams = Set(night.game.room?.teams.values.map { TextNormalizer.fold($0.name) } ?? [])
        #expect(!damagedTeams.isEmpty)
        for row in board.rows where damagedTeams.contains(TextNormalizer.fold(row.name)) { #expect(row.incompleteGames >= 1) }
        let countedDamage = games.filter { game in board.incompleteGames.contains { $0.game == game.id && $0.counted } }
            .reduce(0) { $0 + ($1.finalStandings?.teams.count ?? 0) }
        #expect(board.rows.reduce(0) { $0 + $1.incompleteGames } == countedDamage)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(board)) as? [String: Any]
        #expect(json?["complete"] as? Bool == false)
        #expect((json?["incomplete_games"] as? [Any])?.isEmpty == false)
    }

    /// A finished game whose `room_ended` is lost no longer looks finished: it would silently drop
    /// out of the season, so it stops the table too.
    @Test func aGameWhoseEndIsLostStillStopsTheLeaderboard() throws {
        let night = try DamagedNight(removing: "room_ended")
        #expect(!night.game.isEnded)
        let error = #expect(throws: ReplayError.self) { try SeasonLeaderboard(games: night.games(), by: .player) }
        guard case .incompleteSeason(let games)? = error else {
            Issue.record("expected incompleteSeason, got \(String(describing: error))")
            return
        }
        #expect(games.contains { $0.game == night.game.id && !$0.counted })
    }

    @Test func aWholeArchiveIsMarkedCompleteEverywhere() throws {
        let dir = TemporaryDirectory()
        _ = try ArchiveGenerator(seed: 3).generate(events: 1, directory: dir.path)
        let games = try scan(dir.path, depth: .timeline).games
        let finished = try #require(games.first { $0.status == .finished })
        #expect(try GameTimeline(finished).complete)
        #expect(try AnswerExport.rows(of: finished).allSatisfy(\.complete))
        let board = try SeasonLeaderboard(games: games, by: .team)
        #expect(board.complete)
        #expect(board.incompleteGames.isEmpty)
        #expect(board.rows.allSatisfy { $0.incompleteGames == 0 })
    }

    /// A damaged night outside `--since`/`--until` cannot change the table.
    @Test func damageOutsideTheSeasonDatesDoesNotStopTheTable() throws {
        let dir = TemporaryDirectory()
        let day: Int64 = 86_400_000, monday: Int64 = 1_736_190_000_000
        try writeArchive([PlayedGame.wholeGame(code: "AAAA", at: monday), PlayedGame.wholeGame(code: "BBBB", at: monday + day)], to: dir.path)
        var log = try LogFile(directory: dir.path)
        log.lines.remove(at: try #require(log.index(ofFirst: "answer_recorded")))
        try log.save()
        let games = try scan(dir.path, now: monday + 10 * day).games
        #expect(throws: ReplayError.self) { try SeasonLeaderboard(games: games, by: .team) }
        let tuesday = try SeasonLeaderboard(games: games, by: .team, since: monday + day - 3_600_000)
        #expect(tuesday.complete)
        #expect(tuesday.games == 1)
    }
}
