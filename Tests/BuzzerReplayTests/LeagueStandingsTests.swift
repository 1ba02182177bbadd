import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

@Suite struct LeagueStandingsTests {
    private let day: Int64 = 86_400_000
    private let monday: Int64 = 1_736_190_000_000  // 2025-01-06 19:00 UTC, a Monday
    private let league = RoomLeague(id: "crown", name: "Tuesdays at The Crown")

    private func game(_ code: String, at: Int64, teams: [(String, Int, Int)], players: [(String, String?, Int, Int)] = []) -> LeagueGame {
        LeagueGame(key: "\(code)-\(at)", code: code, league: league, title: "Quiz", startedAt: at, endedAt: at + 3_600_000,
                   teams: teams.map { .init(name: $0.0, score: $0.1, rank: $0.2) },
                   players: players.map { .init(nickname: $0.0, device: $0.1, team: nil, score: $0.2, rank: $0.3) })
    }

    private func entry(_ scoring: LeagueScoring = .points) -> LeagueEntry {
        LeagueEntry(id: "crown", name: "Tuesdays at The Crown", scoring: scoring)
    }

    @Test func periodsCountTheRightNights() throws {
        let games = [
            game("AAAA", at: monday - 40 * day, teams: [("Owls", 100, 1)]),  // last season's December? no: 2024-11-27
            game("BBBB", at: monday - 7 * day, teams: [("Owls", 10, 1)]),  // last week, this season (2024-12-30 is last year)
            game("CCCC", at: monday + day, teams: [("Owls", 5, 1)]),  // Tuesday
            game("DDDD", at: monday + day + 5 * 3_600_000, teams: [("Owls", 1, 1)]),  // Wednesday 00:00: still Tuesday night
        ]
        let asOf = monday + 2 * day
        let standings = LeagueStandings(games: games, entry: entry(), asOf: asOf)
        #expect(standings.table(.tonight)?.games == 2)
        #expect(standings.table(.week)?.games == 2)
        #expect(standings.table(.month)?.games == 2)
        #expect(standings.table(.season)?.games == 2)
        #expect(standings.table(.all)?.games == 4)
        #expect(standings.table(.all)?.teams.first?.points == 116)
        // A season from September takes in November and December.
        var september = entry()
        september.seasonStart = "09-01"
        #expect(LeagueStandings(games: games, entry: september, asOf: asOf).table(.season)?.games == 4)
    }

    @Test func tonightIsTheLatestNightWithAGameEvenTheMorningAfter() {
        let games = [game("AAAA", at: monday, teams: [("Owls", 10, 1)]), game("BBBB", at: monday - 7 * day, teams: [("Owls", 10, 1)])]
        let standings = LeagueStandings(games: games, entry: entry(), asOf: monday + 16 * 3_600_000)
        #expect(standings.table(.tonight)?.games == 1)
    }

    @Test func teamsMatchLikeARoomAndAliasesJoinThem() {
        let games = [
            game("AAAA", at: monday, teams: [("The Owls", 10, 1), ("Reds", 5, 2)]),
            game("BBBB", at: monday + day, teams: [("THE ÖWLS", 10, 1), ("Owls", 7, 2)]),
            game("CCCC", at: monday + 2 * day, teams: [("Тhe Owls", 1, 2), ("Reds", 2, 1)]),  // Cyrillic Т
        ]
        let plain = LeagueStandings(games: games, entry: entry(), asOf: monday + 3 * day).table(.all)!
        #expect(plain.teams.count == 3)
        #expect(plain.teams.first { $0.name == "Тhe Owls" }?.games == 3)
        var aliased = entry()
        aliased.teamAliases = [LeagueAlias(from: "Owls", into: "The Owls")]
        let joined = LeagueStandings(games: games, entry: aliased, asOf: monday + 3 * day).table(.all)!
        #expect(joined.teams.count == 2)
        let owls = joined.teams.first!
        #expect(owls.name == "The Owls")
        #expect(owls.games == 4)
        #expect(owls.points == 28)
    }

    @Test func playersAreNamePlusDevice() {
        let games = [
            game("AAAA", at: monday, teams: [], players: [("Sam", "phone-1", 10, 1), ("Sam", "phone-2", 5, 2), ("Ann", nil, 1, 3)]),
            game("BBBB", at: monday + day, teams: [], players: [("SAM", "phone-1", 10, 1), ("Ann", nil, 1, 2)]),
        ]
        let table = LeagueStandings(games: games, entry: entry(), asOf: monday + 3 * day).table(.all)!
        // Two different Sams stay two; one Sam on one phone is one across nights; no device: one row a game.
        #expect(table.players.count == 4)
        #expect(table.players.first?.games == 2)
        #expect(table.players.first?.points == 20)
        #expect(table.players.filter { $0.name == "Ann" }.count == 2)
        // The owner joins the second phone's Sam to the first.
        let keys = table.players.filter { $0.name.lowercased() == "sam" }.map(\.key)
        var aliased = entry()
        aliased.playerAliases = [LeagueAlias(from: keys[1], into: keys[0])]
        let joined = LeagueStandings(games: games, entry: aliased, asOf: monday + 3 * day).table(.all)!
        #expect(joined.players.first?.games == 3)
        #expect(joined.players.first?.key == keys[0])
        // The key never carries the device id.
        #expect(!keys.contains { $0.contains("phone") })
    }

    @Test func placesScoringGivesLeaguePointsByPlaceAndTiesShareThem() {
        let games = [game("AAAA", at: monday, teams: [("A", 900, 1), ("B", 900, 1), ("C", 800, 3), ("D", 1, 9)])]
        let table = LeagueStandings(games: games, entry: entry(.places), asOf: monday + day).table(.all)!
        #expect(table.teams.map(\.points) == [10, 10, 6, 0])
        #expect(LeagueScoring.placePoints == [10, 8, 6, 5, 4, 3, 2, 1])
        let points = LeagueStandings(games: games, entry: entry(.points), asOf: monday + day).table(.all)!
        #expect(points.teams.map(\.points) == [900, 900, 800, 1])
    }

    @Test func tiesBreakOnAveragePlaceThenWinsThenShareARank() {
        let games = [
            game("AAAA", at: monday, teams: [("A", 10, 1), ("B", 5, 2), ("C", 5, 2), ("D", 3, 4)]),
            game("BBBB", at: monday + day, teams: [("B", 5, 1), ("D", 7, 2)]),
            game("CCCC", at: monday + 2 * day, teams: [("C", 5, 2), ("E", 10, 1)]),
        ]
        let table = LeagueStandings(games: games, entry: entry(), asOf: monday + 3 * day).table(.all)!
        let ranks = Dictionary(uniqueKeysWithValues: table.teams.map { ($0.name, $0.rank) })
        // Everyone has 10 points. A and E: average place 1 and one win each, level on everything:
        // one rank, listed by name. Then B (average 1.5), C (2), D (3).
        #expect(table.teams.map(\.points) == [10, 10, 10, 10, 10])
        #expect(table.teams.map(\.name) == ["A", "E", "B", "C", "D"])
        #expect(ranks["A"] == 1 && ranks["E"] == 1)
        #expect(ranks["B"] == 3 && ranks["C"] == 4 && ranks["D"] == 5)
    }

    @Test func trendIsTheMoveSinceAWeekAgo() {
        let games = [
            game("AAAA", at: monday - 7 * day, teams: [("A", 10, 1), ("B", 5, 2)]),
            game("BBBB", at: monday, teams: [("B", 20, 1), ("C", 1, 2)]),
        ]
        let table = LeagueStandings(games: games, entry: entry(), asOf: monday + day).table(.all)!
        #expect(table.teams.first { $0.name == "B" }?.trend == 1)
        #expect(table.teams.first { $0.name == "A" }?.trend == -1)
        #expect(table.teams.first { $0.name == "C" }?.trend == nil)
    }

    @Test func theReaderSkipsDamagedGamesAndNeverTraps() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/buzzer-20250106-190000-000000000001.jsonl"
        let lines = [
            #"{"v":2,"seq":1,"time":1736190000000,"room":"AAAA","type":"room_created","code":"AAAA","seed":1,"host_token_hash":"x","settings":{},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"Crown"}}"#,
            #"{"v":2,"seq":2,"time":1736190000001,"room":"AAAA","type":"team_created","team":1,"name":"Owls"}"#,
            #"{"v":2,"seq":3,"time":1736190000002,"room":"AAAA","type":"player_joined","player":1,"nickname":"Ada","team":1,"device_id":"d1","resume_token_hash":"h","first_question":0}"#,
            #"{"v":2,"seq":4,"time":1736190000003,"room":"AAAA","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1}],"teams":[{"id":1,"score":5,"rank":1}]}}"#,
            #"{"v":2,"seq":5,"time":1736190000004,"room":"BBBB","type":"room_created","code":"BBBB","seed":1,"host_token_hash":"x","settings":{},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"Crown"}}"#,
            #"{"v":2,"seq":6,"time":1736190000005,"room":"BBBB","type":"player_joined","player":"#,  // cut short
            #"{"v":2,"seq":7,"time":1736190000006,"room":"BBBB","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1}],"teams":[]}}"#,
            "\u{0}\u{0}garbage",
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        var tail = LeagueArchiveTail(folders: [dir.path])
        tail.refresh()
        #expect(tail.reader.games.map(\.code) == ["AAAA"])
        #expect(tail.reader.games.first?.players.first?.device == "d1")
        #expect(tail.reader.skipped.map(\.game) == ["BBBB-1736190000004"])
        // The same lines through the archive reader (the CLI's path) give the same games.
        var reader = LeagueGameReader()
        try ArchiveReader(files: [file]).read { reader.add($0) }
        #expect(reader.games == tail.reader.games)
        // Nothing new: no new version.
        let version = tail.version
        let grew = tail.refresh()
        #expect(!grew)
        #expect(tail.version == version)
    }

    /// One game of league `crown` as log lines, numbered from `seq`.
    private func lines(_ code: String, at time: Int64, seq: Int, team: String) -> [String] {
        [
            #"{"v":2,"seq":\#(seq),"time":\#(time),"room":"\#(code)","type":"room_created","code":"\#(code)","seed":1,"host_token_hash":"x","settings":{},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"Crown"}}"#,
            #"{"v":2,"seq":\#(seq + 1),"time":\#(time + 1),"room":"\#(code)","type":"team_created","team":1,"name":"\#(team)"}"#,
            #"{"v":2,"seq":\#(seq + 2),"time":\#(time + 2),"room":"\#(code)","type":"player_joined","player":1,"nickname":"Ada","team":1,"device_id":"d1","resume_token_hash":"h","first_question":0}"#,
            #"{"v":2,"seq":\#(seq + 3),"time":\#(time + 3),"room":"\#(code)","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1}],"teams":[{"id":1,"score":5,"rank":1}]}}"#,
        ]
    }

    @Test func theTailReadsOnlyWhatWasAppendedAndEveryArchiveFolder() throws {
        let a = TemporaryDirectory(), b = TemporaryDirectory()
        let fileA = a.path + "/buzzer-20250106-190000-000000000001.jsonl"
        let game1 = lines("AAAA", at: monday, seq: 1, team: "Owls")
        // The first game, and half of the second's last line (a write in progress).
        let second = lines("CCCC", at: monday + day, seq: 5, team: "Owls")
        let written = (game1 + second.dropLast()).joined(separator: "\n") + "\n" + String(second.last!.prefix(40))
        try Data(written.utf8).write(to: URL(fileURLWithPath: fileA))
        try Data((lines("BBBB", at: monday + 1000, seq: 1, team: "Reds").joined(separator: "\n") + "\n").utf8)
            .write(to: URL(fileURLWithPath: b.path + "/buzzer-20250106-190000-000000000001.jsonl"))
        var tail = LeagueArchiveTail(folders: [a.path, b.path])
        tail.refresh()
        #expect(tail.reader.games.map(\.code).sorted() == ["AAAA", "BBBB"])
        let linesBefore = tail.reader.lines
        // The rest of the line arrives: only it is read, and the game is complete.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fileA))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((String(second.last!.dropFirst(40)) + "\n").utf8))
        try handle.close()
        let grew = tail.refresh()
        #expect(grew)
        #expect(tail.reader.lines == linesBefore + 1)
        #expect(tail.reader.games.map(\.code).sorted() == ["AAAA", "BBBB", "CCCC"])
        let standings = LeagueStandings(games: tail.reader.games, entry: entry(), asOf: monday + 2 * day).table(.all)!
        #expect(standings.teams.map(\.name) == ["Owls", "Reds"])
        #expect(standings.players.count == 1 && standings.players[0].games == 3)
    }

    @Test func aHostsTeamListNamesTheTeamsWithoutEvents() throws {
        var reader = LeagueGameReader()
        let created = #"{"v":2,"seq":1,"time":1736190000000,"room":"AAAA","type":"room_created","code":"AAAA","seed":1,"host_token_hash":"x","settings":{"teams":["Table 1","Table 2"]},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"Crown"}}"#
        let joined = #"{"v":2,"seq":2,"time":1736190000001,"room":"AAAA","type":"player_joined","player":1,"nickname":"Ada","team":2,"device_id":"d1","resume_token_hash":"h","first_question":0}"#
        let ended = #"{"v":2,"seq":3,"time":1736190000002,"room":"AAAA","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1}],"teams":[{"id":2,"score":5,"rank":1},{"id":1,"score":0,"rank":2}]}}"#
        for (number, text) in [created, joined, ended].enumerated() {
            let bytes = Array(text.utf8)
            let envelope = try bytes.withUnsafeBytes { try ArchiveEnvelope.parse($0).get() }
            reader.add(ArchiveLine(version: 2, seq: envelope.seq, time: envelope.time, room: envelope.room, type: envelope.type, bytes: bytes, file: "f", lineNumber: number + 1))
        }
        #expect(reader.skipped.isEmpty)
        #expect(reader.games.first?.teams.map(\.name) == ["Table 2", "Table 1"])
        #expect(reader.games.first?.players.first?.team == "Table 2")
    }

    @Test func theLeagueFileRoundTripsAndABadOneIsAClearError() throws {
        var entry = entry(.places)
        entry.teamAliases = [LeagueAlias(from: "Owls", into: "The Owls")]
        let book = LeagueBook(leagues: [entry])
        #expect(try LeagueBook.decode(book.encoded(), path: "x") == book)
        #expect(throws: LeagueBookError.self) { try LeagueBook.decode(Array("{\"leagues\":[{\"id\":\"Bad Id\",\"name\":\"x\"}]}".utf8), path: "f") }
        do {
            _ = try LeagueBook.decode(Array("not json".utf8), path: "/x/leagues.json")
            Issue.record("a broken file was read")
        } catch {
            #expect(error.description.hasPrefix("the league file /x/leagues.json cannot be used"))
        }
        #expect(try LeagueBook.load(path: "/nonexistent/leagues.json") == LeagueBook())
    }

    @Test func leagueIdsAndNamesAreChecked() {
        #expect(RoomLeague.idProblem("crown-tuesdays") == nil)
        for bad in ["", "-x", "x-", "Crown", "a b", String(repeating: "a", count: 41)] { #expect(RoomLeague.idProblem(bad) != nil) }
        #expect(RoomLeague.nameProblem("Tuesdays at The Crown") == nil)
        #expect(RoomLeague.nameProblem(String(repeating: "a", count: 61)) != nil)
        #expect(RoomLeague.nameProblem("a\u{7}b") != nil)
        #expect(RoomLeague.suggestedID(for: "Tuesdays at Thé Crown!") == "tuesdays-at-the-crown")
    }
}
