import BuzzerGame
import Testing
@testable import BuzzerReplay

@Suite struct SeasonLeaderboardTests {
    private let day: Int64 = 86_400_000
    private let monday: Int64 = 1_736_190_000_000  // 2025-01-06 19:00 UTC

    /// Three nights: the team spelled three ways is one team; one game is abandoned.
    private func season() throws -> ReplayScan {
        let dir = TemporaryDirectory()
        let one = try PlayedGame.wholeGame(code: "AAAA", at: monday, teams: ("Reds", "Blues"))
        let two = try PlayedGame.wholeGame(code: "BBBB", at: monday + day, teams: ("REDS", "Blues"))
        let three = try PlayedGame.wholeGame(code: "CCCC", at: monday + 2 * day, teams: ("  Rèds ", "Greens"))
        var abandoned = try PlayedGame(code: "DDDD", at: monday + 2 * day)
        _ = try abandoned.join("Zed", team: "Blues")
        try writeArchive([one, two, three, abandoned], to: dir.path)
        return try scan(dir.path, now: monday + 10 * day)
    }

    @Test func teamsAreMatchedByFoldedNameAcrossNights() throws {
        let games = try season().games
        let board = try SeasonLeaderboard(games: games, by: .team)
        #expect(board.games == 3)
        let reds = try #require(board.rows.first { TextNormalizer.fold($0.name) == "reds" })
        #expect(reds.games == 3)
        #expect(reds.name == "Rèds")
        let expectedPoints = games.filter { $0.status == .finished }.compactMap { game in
            game.finalStandings?.teams.first { TextNormalizer.fold($0.name) == "reds" }?.score
        }.reduce(0, +)
        #expect(reds.points == expectedPoints)
        #expect(board.rows.first { $0.name == "Blues" }?.games == 2)  // the abandoned game does not count
        #expect(board.rows.map(\.rank) == board.rows.indices.map { position in
            board.rows.firstIndex { $0.points == board.rows[position].points }! + 1
        })
        #expect(board.rows.reduce(0) { $0 + $1.wins } >= 3)
    }

    @Test func playersAndDateBoundsSelectGames() throws {
        let games = try season().games
        let board = try SeasonLeaderboard(games: games, by: .player, since: try ReplayFormat.day("2025-01-07"), until: try ReplayFormat.day("2025-01-07") + day - 1)
        #expect(board.games == 1)
        #expect(Set(board.rows.map(\.name)) == ["Ann", "Bob", "Cid", "Dee"])
        #expect(board.rows.allSatisfy { $0.games == 1 })
        let winners = board.rows.filter { $0.wins == 1 }
        #expect(!winners.isEmpty && winners.allSatisfy { $0.rank == 1 })
    }
}

@Suite struct ReplayFormatTests {
    @Test func datesParseAsUTCMidnightAndNonsenseIsRefused() throws {
        #expect(try ReplayFormat.day("2025-01-06") == 1_736_121_600_000)
        for bad in ["2025-1-6", "2025-02-30", "yesterday", "2025-13-01", ""] {
            #expect(throws: ReplayError.invalidDate(bad)) { try ReplayFormat.day(bad) }
        }
    }

    @Test func timesAndNumbersPrintPlainly() {
        #expect(ReplayFormat.time(1_736_190_000_000) == "2025-01-06 19:00:00")
        #expect(ReplayFormat.iso(1_736_190_000_123) == "2025-01-06T19:00:00.123Z")
        #expect(ReplayFormat.number(1969) == "1969")
        #expect(ReplayFormat.number(2.5) == "2.5")
    }

    /// An order reads first to last by the items' names, as the player put them and as the pack says.
    @Test func ordersPrintAsItemNamesFirstToLast() {
        let question = Question(category: "Space", text: "Nearest the Sun first", content: .order(items: ["Mercury", "Venus", "Earth"]))
        #expect(ReplayFormat.answer(.ranking([1, 0, 2]), question: question) == "Venus > Mercury > Earth")
        #expect(ReplayFormat.correctAnswer(question) == "Mercury > Venus > Earth")
    }

    @Test func gameReferencesAreCodesWithAnOptionalNumberOrALeagueKey() throws {
        #expect(try GameReference(parsing: "ABCD") == GameReference(code: "ABCD"))
        #expect(try GameReference(parsing: "ABCD@2") == GameReference(code: "ABCD", number: 2))
        // A league's game key, `CODE-MS` (docs/league.md); what is not 1 to 15 digits after the dash stays in the code.
        #expect(try GameReference(parsing: "ABCD-1700000000000") == GameReference(code: "ABCD", startedAt: 1_700_000_000_000))
        #expect(try GameReference(parsing: "ABCD-1700000000000").description == "ABCD-1700000000000")
        #expect(try GameReference(parsing: "AB-CD") == GameReference(code: "AB-CD"))
        #expect(try GameReference(parsing: "ABCD-9999999999999999") == GameReference(code: "ABCD-9999999999999999"))
        #expect(try GameReference(parsing: "-17") == GameReference(code: "-17"))
        for bad in ["", "@2", "ABCD@", "ABCD@0", "ABCD@x", "A@1@2"] {
            #expect(throws: ReplayError.invalidGameReference(bad)) { try GameReference(parsing: bad) }
        }
    }

    @Test func tablesAlignTextLeftAndNumbersRight() {
        var table = TextTable([("NAME", .left), ("SCORE", .right)])
        table.add(["Ann", "1200"])
        table.add(["Bartholomew", "5"])
        #expect(table.render() == """
            NAME         SCORE
            Ann           1200
            Bartholomew      5

            """)
    }

    /// Issue 28, defect 8: a cell from an old archive (a title with ESC and BEL) is escaped, and its
    /// column is as wide as what is printed.
    @Test func tablesEscapeControlCharactersInCells() {
        var table = TextTable([("TITLE", .left), ("N", .right)])
        table.add(["\u{1B}]0;pwned\u{7}\u{1B}[2J", "1"])
        table.add(["Quiz", "22"])
        let text = table.render()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text == #"""
            TITLE                          N
            \u{1B}]0;pwned\u{7}\u{1B}[2J   1
            Quiz                          22

            """#)
    }
}
