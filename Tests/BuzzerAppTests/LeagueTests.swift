@testable import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import BuzzerReplay
import BuzzerTestSupport
import Foundation
import Testing

/// Leagues in the app: the `create` field, the room's log, the league file, and the command line
/// giving the same numbers as the page's JSON (docs/league.md).
struct LeagueTests {
    private func folder() throws -> String {
        let path = ScratchFolder.make("buzzer-league", create: false)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func decode(_ text: String) throws(ClientMessageError) -> ClientMessage {
        try ClientMessage.decode(Array(text.utf8), packLimits: QuestionPackLimits())
    }

    private func reason(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "decoded"
        } catch {
            return error.reason
        }
    }

    // MARK: - create

    @Test func createTakesALeagueByIdOrByName() throws {
        let pack = #""questions":{"title":"T","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]}"#
        guard case .entry(.create(let byID)) = try decode(#"{"type":"create",\#(pack),"token":"x","league":{"id":"crown-tuesdays"}}"#) else {
            Issue.record("not a create")
            return
        }
        #expect(byID.league == LeagueChoice(id: "crown-tuesdays", name: nil, scoring: nil))
        #expect(byID.token == "x")
        guard case .entry(.create(let byName)) = try decode(#"{"type":"create",\#(pack),"league":{"name":" Tuesdays at The Crown ","scoring":"places"}}"#) else {
            Issue.record("not a create")
            return
        }
        #expect(byName.league == LeagueChoice(id: "tuesdays-at-the-crown", name: "Tuesdays at The Crown", scoring: "places"))
        // Each field within its range, where it enters.
        #expect(reason(#"{"type":"create",\#(pack),"league":{"id":"Crown Tuesdays"}}"#).contains("league.id"))
        #expect(reason(#"{"type":"create",\#(pack),"league":{"id":"\#(String(repeating: "a", count: 41))"}}"#).contains("40 bytes"))
        #expect(reason(#"{"type":"create",\#(pack),"league":{"name":"\#(String(repeating: "n", count: 61))"}}"#).contains("league.name"))
        #expect(reason(#"{"type":"create",\#(pack),"league":{"id":"x","scoring":"goals"}}"#).contains("league.scoring"))
        #expect(reason(#"{"type":"create",\#(pack),"league":"crown"}"#).contains("must be an object"))
        #expect(reason(#"{"type":"create",\#(pack),"league":{}}"#).contains("needs an \"id\""))
    }

    // MARK: - The room's log

    @Test func theLeagueIsInRoomCreatedOnlyForALeagueGame() throws {
        let pack = QuestionPack(title: "T", questions: [Question(category: "c", text: "t", content: .truefalse(answer: true))])
        let league = RoomLeague(id: "crown", name: "The Crown")
        let (room, event) = try Room.create(code: "AAAA", pack: pack, settings: RoomSettings(), seed: 1, hostTokenHash: "h", at: 1000, league: league)
        #expect(room.league == league)
        let text = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(text.contains(#""league":{"#) && text.contains(#""id":"crown""#))
        #expect(try JSONDecoder().decode(RoomEvent.self, from: Data(text.utf8)) == event)
        #expect(try Room.replay([event]).league == league)
        let (_, oneOff) = try Room.create(code: "BBBB", pack: pack, settings: RoomSettings(), seed: 1, hostTokenHash: "h", at: 1000)
        #expect(!String(decoding: try JSONEncoder().encode(oneOff), as: UTF8.self).contains("league"))
        // A hand-edited league out of range: the room is not replayed.
        #expect(throws: GameError.self) {
            try Room.create(code: "CCCC", pack: pack, settings: RoomSettings(), seed: 1, hostTokenHash: "h", at: 1000, league: RoomLeague(id: "Bad Id", name: "x"))
        }
        guard case .roomCreated(var created) = event else { return }
        created.league = RoomLeague(id: "crown", name: "")
        #expect(Room.logProblem(created)?.contains("league") == true)
    }

    // MARK: - The league file

    @Test func theLeagueFileIsWrittenAtomicallyAndSurvivesARestart() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = BuzzerConfig()
        config.archive.directory = dir
        let first = LeagueService(config: config, clock: { 0 }, warm: false)
        first.register(RoomLeague(id: "crown", name: "The Crown"), scoring: .places)
        let entry = try first.writes.sync {
            try first.update("crown") { (entry: inout LeagueEntry) throws(LeagueService.WriteError) in
                entry.teamAliases.append(LeagueAlias(from: "Owls", into: "The Owls"))
            }
        }
        #expect(entry.scoring == .places)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["leagues.json"])
        // A new server (a restart) reads what the first one wrote.
        let again = LeagueService(config: config, clock: { 0 }, warm: false)
        #expect(again.entry("crown")?.teamAliases == [LeagueAlias(from: "Owls", into: "The Owls")])
        #expect(again.entry("crown")?.scoring == .places)
    }

    @Test func aBadLeagueFileIsAClearErrorAndIsNeverWrittenOver() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = Data(#"{"leagues":[{"id":"crown","name":"The Crown","timeZone":"Mars/Olympus"}]}"#.utf8)
        try bad.write(to: URL(fileURLWithPath: dir + "/leagues.json"))
        var config = BuzzerConfig()
        config.archive.directory = dir
        let service = LeagueService(config: config, clock: { 0 }, warm: false)
        #expect(service.bookError?.contains("leagues[0]: timeZone") == true)
        service.register(RoomLeague(id: "other", name: "Other"), scoring: nil)
        #expect(throws: LeagueService.WriteError.self) {
            try service.writes.sync { try service.update("crown") { (_: inout LeagueEntry) throws(LeagueService.WriteError) in } }
        }
        service.writes.sync {}
        #expect(FileManager.default.contents(atPath: dir + "/leagues.json") == bad)
    }

    // MARK: - Bounds (issue 28)

    /// 64 characters, each an `a` under three combining acute accents: 448 bytes; `heavy(80)`: 560.
    static func heavy(_ characters: Int) -> String { String(repeating: "a\u{301}\u{301}\u{301}", count: characters) }

    /// An alias was limited in characters only: combining marks made 4 KB aliases.
    @Test func aliasesAndNamesAreBoundedInBytesToo() throws {
        var entry = LeagueEntry(id: "crown", name: "The Crown")
        entry.teamAliases = [LeagueAlias(from: Self.heavy(64), into: "Owls")]
        #expect(entry.problem() == nil, "64 characters of 448 bytes fit")
        entry.teamAliases = [LeagueAlias(from: String(repeating: "a" + String(repeating: "\u{301}", count: 30), count: 64), into: "Owls")]
        #expect(entry.problem()?.contains("at most 512 bytes") == true, "\(entry.problem() ?? "accepted")")
        entry.teamAliases = []
        entry.name = String(repeating: "a" + String(repeating: "\u{301}", count: 10), count: 60)
        #expect(entry.problem()?.contains("512 bytes") == true, "\(entry.problem() ?? "accepted")")

        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = BuzzerConfig()
        config.archive.directory = dir
        let service = LeagueService(config: config, clock: { 0 }, warm: false)
        service.register(RoomLeague(id: "crown", name: "The Crown"), scoring: nil)
        service.writes.sync {}
        let before = FileManager.default.contents(atPath: dir + "/leagues.json")
        #expect(throws: LeagueService.WriteError.self) {
            try service.writes.sync {
                try service.update("crown") { (entry: inout LeagueEntry) throws(LeagueService.WriteError) in
                    entry.teamAliases.append(LeagueAlias(from: String(repeating: "o" + String(repeating: "\u{308}", count: 40), count: 60), into: "Owls"))
                }
            }
        }
        #expect(FileManager.default.contents(atPath: dir + "/leagues.json") == before, "nothing written")
    }

    /// Full alias lists of every league would make a file past its own 16 MiB read limit: the write
    /// that would is refused and the file stays as it was, readable.
    @Test func theLeagueFileIsNeverWrittenPastItsReadLimit() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let aliases = (0..<LeagueEntry.maxAliases).map { LeagueAlias(from: "\($0)" + Self.heavy(60), into: "\($0)" + Self.heavy(60)) }
        var book = LeagueBook()
        for index in 0..<10 {
            var entry = LeagueEntry(id: "league-\(index)", name: "League \(index)")
            entry.teamAliases = aliases
            entry.playerAliases = aliases
            #expect(entry.problem() == nil)
            book.leagues.append(entry)
        }
        #expect(book.encoded().count > LeagueBook.maxBytes)
        do {
            try LeagueService.write(book, to: dir + "/leagues.json")
            Issue.record("a file past the read limit was written")
        } catch {
            guard case .invalid(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("16 MiB"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/leagues.json"))
        book.leagues.removeLast(3)
        try LeagueService.write(book, to: dir + "/leagues.json")
        #expect(try LeagueBook.load(path: dir + "/leagues.json").leagues.count == 7, "what is written is read back")
    }

    /// A `create` that would start a league past the bounds gets a clear refusal, before anything is logged.
    @Test func aNewLeaguePastTheBoundsIsRefusedWithAReason() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = BuzzerConfig()
        config.archive.directory = dir
        let full = LeagueBook(leagues: (0..<LeagueBook.maxLeagues).map { LeagueEntry(id: "l-\($0)", name: "L \($0)") })
        try LeagueService.write(full, to: dir + "/leagues.json")
        #expect(LeagueService(config: config, clock: { 0 }, warm: false).newLeagueProblem()?.contains("at most 1000 leagues") == true)
        // A file near its read limit (here padded with blanks, as a hand edit could be) takes no new league either.
        let padded = Array(#"{"leagues":[]}"#.utf8) + [UInt8](repeating: 0x20, count: LeagueBook.maxBytes - 1000)
        try Data(padded).write(to: URL(fileURLWithPath: dir + "/leagues.json"))
        let nearlyFull = LeagueService(config: config, clock: { 0 }, warm: false)
        #expect(nearlyFull.bookError == nil)
        #expect(nearlyFull.newLeagueProblem()?.contains("full") == true)
        try Data(#"{"leagues":[]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/leagues.json"))
        #expect(LeagueService(config: config, clock: { 0 }, warm: false).newLeagueProblem() == nil)
    }

    // MARK: - One computation for the page and the command line

    @Test func theCommandLineGivesThePagesNumbers() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.archive.utf8).write(to: URL(fileURLWithPath: dir + "/buzzer-20250106-190000-000000000001.jsonl"))
        try Data(#"{"leagues":[{"id":"crown","name":"The Crown","scoring":"places","teamAliases":[{"from":"Owls","into":"The Owls"}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/leagues.json"))
        let asOf: Int64 = 1_736_400_000_000
        var config = BuzzerConfig()
        config.archive.directory = dir
        let service = LeagueService(config: config, clock: { asOf }, warm: false)
        let document = try JSONDecoder().decode(LeagueDocument.self, from: Data(try #require(service.standings("crown", asOf: asOf)).body))
        let page = try #require(document.standings.table(.season))
        #expect(page.teams.map(\.name) == ["The Owls", "Reds"])
        #expect(page.teams.map(\.points) == [20, 8])

        let run = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath),
                                       ["replay", "leaderboard", "--archive", dir, "--league", "crown", "--period", "season", "--as-of", String(asOf), "--json"], timeout: 60)
        #expect(run.status == 0, "\(run.output)")
        let cli = try JSONDecoder().decode(LeagueStandings.Table.self, from: Data(run.output.utf8))
        #expect(cli == page)

        let text = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath),
                                        ["replay", "leaderboard", "--archive", dir, "--league", "crown", "--as-of", String(asOf)], timeout: 60)
        #expect(text.output.contains("The Owls"))
        #expect(text.output.contains("AVG PLACE"))
        // Bad input is refused with a reason.
        let bad = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), ["replay", "leaderboard", "--archive", dir, "--league", "Crown!"], timeout: 60)
        #expect(bad.status != 0 && bad.output.contains("league id"))
        let unknown = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), ["replay", "leaderboard", "--archive", dir, "--league", "nowhere"], timeout: 60)
        #expect(unknown.status != 0 && unknown.output.contains("no league nowhere"))
    }

    /// Two league games on two nights: the Owls (spelt two ways) win both; Reds are 2nd, then absent.
    static let archive = [
        #"{"v":2,"seq":1,"time":1736190000000,"room":"AAAA","type":"room_created","code":"AAAA","seed":1,"host_token_hash":"x","settings":{},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"The Crown"}}"#,
        #"{"v":2,"seq":2,"time":1736190000001,"room":"AAAA","type":"team_created","team":1,"name":"Owls"}"#,
        #"{"v":2,"seq":3,"time":1736190000002,"room":"AAAA","type":"team_created","team":2,"name":"Reds"}"#,
        #"{"v":2,"seq":4,"time":1736190000003,"room":"AAAA","type":"player_joined","player":1,"nickname":"Ada","team":1,"device_id":"d1","resume_token_hash":"h","first_question":0}"#,
        #"{"v":2,"seq":5,"time":1736190000004,"room":"AAAA","type":"player_joined","player":2,"nickname":"Bob","team":2,"device_id":"d2","resume_token_hash":"h","first_question":0}"#,
        #"{"v":2,"seq":6,"time":1736190000005,"room":"AAAA","type":"answer_recorded","sequence":0,"player":1,"answer":{"kind":"truefalse","value":true},"response_ms":5}"#,
        #"{"v":2,"seq":7,"time":1736190000006,"room":"AAAA","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1},{"id":2,"score":0,"rank":2}],"teams":[{"id":1,"score":5,"rank":1},{"id":2,"score":0,"rank":2}]}}"#,
        #"{"v":2,"seq":8,"time":1736276400000,"room":"BBBB","type":"room_created","code":"BBBB","seed":1,"host_token_hash":"x","settings":{},"pack":{"title":"Q","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]},"league":{"id":"crown","name":"The Crown"}}"#,
        #"{"v":2,"seq":9,"time":1736276400001,"room":"BBBB","type":"team_created","team":1,"name":"The Owls"}"#,
        #"{"v":2,"seq":10,"time":1736276400002,"room":"BBBB","type":"player_joined","player":1,"nickname":"ADA","team":1,"device_id":"d1","resume_token_hash":"h","first_question":0}"#,
        #"{"v":2,"seq":11,"time":1736276400003,"room":"BBBB","type":"room_ended","reason":"finished","standings":{"players":[{"id":1,"score":5,"rank":1}],"teams":[{"id":1,"score":5,"rank":1}]}}"#,
    ].joined(separator: "\n") + "\n"
}
