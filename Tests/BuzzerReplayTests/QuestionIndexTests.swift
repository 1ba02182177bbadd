import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// The question index the server answers `GET /api/questions/stats` from: built from the logs,
/// rebuilt when they grow, and following corrections.
@Suite struct QuestionIndexTests {
    static let crown = RoomLeague(id: "crown", name: "Tuesdays at The Crown")
    static let quays = RoomLeague(id: "quays", name: "Quiz on the Quays")
    static let day: Int64 = 86_400_000
    let capital = Question(category: "Geography", text: "Capital of Australia?",
                           content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1))

    /// The league games and the library pack's game, not DDDD's anonymous inline pack.
    @Test func anIndexBuiltFromTheArchiveKnowsEachQuestionAndWhenEachLeagueLastAskedIt() throws {
        let directory = TemporaryDirectory()
        try writeArchive([try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown),
                          try PlayedGame.wholeGame(code: "BBBB", at: 1_700_000_000_000 + 7 * Self.day, league: Self.quays),
                          try PlayedGame.wholeGame(code: "CCCC", at: 1_700_000_000_000 + 14 * Self.day, fromLibrary: true),
                          try PlayedGame.wholeGame(code: "DDDD", at: 1_700_000_000_000 + 15 * Self.day)], to: directory.path)
        let index = try QuestionIndex.build(folders: [directory.path, directory.path + "/not-mounted-yet"], now: 1_702_000_000_000)
        #expect(index.games == 3)
        #expect(index.entries.count == PlayedGame.pack().rounds.flatMap(\.questions).count)
        let entry = try #require(index[QuestionFingerprint(capital)])
        #expect(entry.stats.timesAsked == 3)
        #expect(entry.stats.lastLeague == nil)
        #expect(entry.leagues == ["crown": 1_700_000_000_000, "quays": 1_700_000_000_000 + 7 * Self.day])
        #expect(entry.stats.counts.map(\.answer) == ["Sydney", "Canberra", "Melbourne", "Perth"])
        #expect(index.lastAsked(QuestionFingerprint(capital), league: "crown", since: 1_700_000_000_000) == 1_700_000_000_000)
        #expect(index.lastAsked(QuestionFingerprint(capital), league: "crown", since: 1_700_000_000_001) == nil)
        let never = Question(category: "x", text: "Never asked?", content: .truefalse(answer: true))
        #expect(index[QuestionFingerprint(never)] == nil)
    }

    @Test func aFolderWithNoLogYetGivesAnEmptyIndexNotAnError() throws {
        let directory = TemporaryDirectory()
        let index = try QuestionIndex.build(folders: [directory.path, directory.path + "/missing"], now: 1_702_000_000_000)
        #expect(index.games == 0 && index.entries.isEmpty)
    }

    @Test func aGameAppendedToTheLogIsInTheNextBuild() throws {
        let directory = TemporaryDirectory()
        let first = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown)
        try writeArchive([first], to: directory.path)
        let before = try QuestionIndex.build(folders: [directory.path], now: 1_702_000_000_000)
        #expect(before[QuestionFingerprint(capital)]?.stats.timesAsked == 1)
        let second = try PlayedGame.wholeGame(code: "BBBB", at: 1_700_000_000_000 + 7 * Self.day, league: Self.crown)
        // The writer opens the same folder again and goes on after its last line, as a restarted server does.
        try writeArchive([second], to: directory.path)
        let after = try QuestionIndex.build(folders: [directory.path], now: 1_702_000_000_000)
        #expect(after[QuestionFingerprint(capital)]?.stats.timesAsked == 2)
        #expect(after[QuestionFingerprint(capital)]?.leagues["crown"] == 1_700_000_000_000 + 7 * Self.day)
    }

    @Test func aCorrectionOfAFinishedGameChangesTheQuestionsFigures() throws {
        var game = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown)
        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        let sequence = game.room.asked.first { game.room.question($0).text == "Capital of Australia?" }!.sequence
        let before = try #require(try QuestionIndex.build(folders: [directory.path], now: 1_702_000_000_000)[QuestionFingerprint(capital)])
        #expect(before.stats.right == 2)
        // Bob picked Sydney; the editor rules his answer right the next morning.
        try CorrectionTests.correct(&game, .ruling(sequence: sequence, player: PlayerID(2), right: true))
        let corrected = TemporaryDirectory()
        try writeArchive([game], to: corrected.path)
        let after = try #require(try QuestionIndex.build(folders: [corrected.path], now: 1_702_000_000_000)[QuestionFingerprint(capital)])
        #expect(after.stats.right == 3)
        #expect(after.stats.timesAsked == 1)
    }

    /// A new key (1969 → 1970) makes the question a new fingerprint, but the library pack still says
    /// 1969 until someone fixes it: the index must find the question by both, or the create form's
    /// repeat warning misses it and the editor says "Never asked" (issue 41).
    @Test func aQuestionWhoseKeyWasCorrectedIsFoundByItsKeyAsAskedAndAsCorrected() throws {
        var game = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown)
        let entry = try #require(game.room.asked.first { game.room.question($0).text == "Year of the Moon landing?" })
        let asAsked = game.room.question(entry)
        try CorrectionTests.correct(&game, .answerKey(sequence: entry.sequence, content: .number(answer: 1970)))
        let corrected = game.room.question(entry)
        #expect(QuestionFingerprint(asAsked) != QuestionFingerprint(corrected))
        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        let index = try QuestionIndex.build(folders: [directory.path], now: 1_702_000_000_000)
        for question in [asAsked, corrected] {
            let found = try #require(index[QuestionFingerprint(question)], "not found by the key \(question.content)")
            #expect(found.stats.timesAsked == 1 && found.stats.answer == "1970")
            #expect(index.lastAsked(QuestionFingerprint(question), league: "crown", since: 1_700_000_000_000) == 1_700_000_000_000)
        }
        // Each question is listed once in the season's statistics, under its corrected key.
        #expect(index.entries.count == PlayedGame.pack().rounds.flatMap(\.questions).count + 1)
    }

    /// What the server does as each game ends: the game read from its own lines and added. The
    /// result is the index a build of the whole archive makes; an anonymous inline-pack game, a game
    /// added twice and a running one change nothing.
    @Test func addingEachGameAsItEndsMakesTheIndexABuildMakesAndAnAnonymousInlineGameAddsNothing() throws {
        let games = [try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown),
                     try PlayedGame.wholeGame(code: "BBBB", at: 1_700_000_000_000 + Self.day, fromLibrary: true),
                     try PlayedGame.wholeGame(code: "CCCC", at: 1_700_000_000_000 + 2 * Self.day),
                     try PlayedGame.wholeGame(code: "DDDD", at: 1_700_000_000_000 + 3 * Self.day, league: Self.quays)]
        let whole = TemporaryDirectory()
        try writeArchive(games, to: whole.path)
        let built = try QuestionIndex.build(folders: [whole.path], now: 1_702_000_000_000)

        var index = QuestionIndex()
        for game in games {
            let alone = TemporaryDirectory()
            try writeArchive([game], to: alone.path)
            let replayed = try #require(try ReplayArchive(paths: [alone.path]).scan(depth: .replay, keepRooms: true, now: 1_702_000_000_000).games.first)
            let added = index.add(replayed), again = index.add(replayed)
            #expect(added == (game.code != "CCCC"), "\(game.code)")
            #expect(!again, "\(game.code) a second time")
        }
        #expect(index.games == 3 && built.games == 3)
        #expect(index.entries == built.entries)
        #expect(index[QuestionFingerprint(capital)]?.stats.timesAsked == 3)
        #expect(index[QuestionFingerprint(capital)]?.stats.games == ["AAAA@1", "BBBB@1", "DDDD@1"])

        // A game still running is not finished: nothing of it is added.
        var running = try PlayedGame(code: "EEEE", at: 1_700_000_000_000 + 4 * Self.day, league: Self.crown)
        _ = try running.join("Ann")
        let open = TemporaryDirectory()
        try writeArchive([running], to: open.path)
        let started = try #require(try ReplayArchive(paths: [open.path]).scan(depth: .replay, keepRooms: true, now: 1_700_000_000_000 + 4 * Self.day).games.first)
        let added = index.add(started)
        #expect(!added)
        #expect(index.entries == built.entries)
    }
}
