import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// Corrections of a finished game (`game_corrected`): made by the game's code, appended to the log,
/// and applied by every reader after the game's own events.
@Suite struct CorrectionTests {
    static let crown = RoomLeague(id: "crown", name: "Tuesdays at The Crown")

    /// Corrects the ended game in place, as the server does: checks it, logs the event, applies it.
    @discardableResult
    static func correct(_ game: inout PlayedGame, _ correction: GameCorrection, reason: String = "checked the next morning") throws -> GameCorrected {
        game.now += 60_000
        let event = try game.room.correct(correction, reason: reason, by: .editor, at: game.now)
        game.log.append(.gameCorrected(event))
        game.room.apply(.gameCorrected(event))
        return event
    }

    func sequence(of text: String, in game: PlayedGame) -> Int {
        game.room.asked.first { game.room.question($0).text == text }!.sequence
    }

    @Test func aNewAnswerKeyRescoresTheGameAndTheLogReplaysToTheSameStandings() throws {
        var game = try PlayedGame.wholeGame()
        let before = game.room.standings
        let year = sequence(of: "Year of the Moon landing?", in: game)
        let event = try Self.correct(&game, .answerKey(sequence: year, content: .number(answer: 1970)))
        #expect(game.room.standings != before)
        #expect(event.standings == game.room.standings.recorded)
        // Bob answered 1970: his answer is now the closest.
        let bob = game.room.asked[year].awards[PlayerID(2)]
        #expect(bob?.outcome == .correct)

        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        let replayed = try scan(directory.path).games[0]
        #expect(replayed.isComplete, "\(replayed.issues)")
        #expect(replayed.corrections == [event])
        #expect(replayed.finalStandings == game.room.standings)
        #expect(replayed.standingsChecked == game.room.asked.count + 2)
    }

    @Test func aRulingAVoidAndAnAdjustmentEachMoveTheScores() throws {
        var game = try PlayedGame.wholeGame()
        let typed = sequence(of: "Who recorded \"Abbey Road\", in 1969?", in: game)
        let bob = PlayerID(2)
        let wrong = game.room.asked[typed].awards[bob]
        #expect(wrong?.outcome == .wrong)
        try Self.correct(&game, .ruling(sequence: typed, player: bob, right: true))
        #expect(game.room.asked[typed].awards[bob]?.outcome == .correct)
        #expect((game.room.asked[typed].awards[bob]?.points ?? 0) > 0)

        let capital = sequence(of: "Capital of Australia?", in: game)
        try Self.correct(&game, .void(sequence: capital))
        #expect(game.room.asked[capital].awards.isEmpty)

        let before = game.room.players[PlayerID(3)]!.score
        try Self.correct(&game, .adjust(player: PlayerID(3), team: nil, delta: -50))
        #expect(game.room.players[PlayerID(3)]!.score == before - 50)

        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        let replayed = try scan(directory.path).games[0]
        #expect(replayed.isComplete, "\(replayed.issues)")
        #expect(replayed.corrections.count == 3)
        #expect(replayed.finalStandings == game.room.standings)
        let rows = try AnswerExport.rows(of: replayed)
        let notes = rows.filter { $0.kind == .correction }
        #expect(notes.count == 3)
        #expect(notes[0].question == typed + 1)
        #expect(notes[0].reason?.contains("by the editor: checked the next morning") == true)
        let adjustment = try #require(rows.first { $0.kind == .adjustment })
        #expect(adjustment.points == -50 && adjustment.reason == "checked the next morning")
    }

    @Test func correctionsThatDoNotFitAreRefusedWithAClearError() throws {
        var running = try PlayedGame()
        _ = try running.join("Ann")
        #expect(throws: CorrectionError.gameNotFinished) { try running.room.correct(.void(sequence: 0), reason: "x", by: .host, at: running.now) }

        let game = try PlayedGame.wholeGame()
        func refusal(_ correction: GameCorrection, reason: String = "a reason") -> CorrectionError? {
            do {
                _ = try game.room.correct(correction, reason: reason, by: .host, at: game.now + 1)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(.void(sequence: 99)) == .unknownQuestion(100))
        #expect(refusal(.void(sequence: -1)) == .unknownQuestion(0))
        #expect(refusal(.ruling(sequence: 0, player: PlayerID(42), right: true)) == .unknownPlayer(42))
        #expect(refusal(.adjust(player: nil, team: TeamID(9), delta: 5)) == .unknownTeam(9))
        #expect(refusal(.adjust(player: PlayerID(1), team: nil, delta: 0)) == .invalidAdjustment)
        #expect(refusal(.adjust(player: PlayerID(1), team: nil, delta: Int.max)) == .invalidAdjustment)
        #expect(refusal(.void(sequence: 0), reason: "   ") == .invalidReason)
        #expect(refusal(.void(sequence: 0), reason: String(repeating: "x", count: 201)) == .invalidReason)
        let poll = sequence(of: "Best pizza topping?", in: game)
        if case .doesNotFit(let why)? = refusal(.answerKey(sequence: poll, content: .poll(options: ["Ham", "Pineapple"]))) {
            #expect(why.contains("poll"))
        } else {
            Issue.record("a poll's answer key was not refused")
        }
        let capital = sequence(of: "Capital of Australia?", in: game)
        if case .doesNotFit(let why)? = refusal(.answerKey(sequence: capital, content: .truefalse(answer: true))) {
            #expect(why.contains("kind and options stay"))
        } else {
            Issue.record("a change of kind was not refused")
        }
        #expect(refusal(.answerKey(sequence: capital, content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 9))) != nil)
    }

    /// A hand-edited correction (its standings changed) is caught by verify, and one that names
    /// no game is named, never trapped on.
    @Test func aTamperedOrStrayCorrectionIsNamedByVerify() throws {
        var game = try PlayedGame.wholeGame()
        try Self.correct(&game, .adjust(player: PlayerID(1), team: nil, delta: 100))
        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        var log = try LogFile(directory: directory.path)
        let line = try #require(log.index(ofLast: "game_corrected"))
        let original = log.lines[line]
        log.lines[line] = original.replacingOccurrences(of: #""delta":100"#, with: #""delta":10"#)
        try log.save()
        let tampered = try scan(directory.path).games[0]
        #expect(tampered.errors.contains { $0.message.contains("standings after the correction differ") }, "\(tampered.issues)")

        log.lines[line] = original.replacingOccurrences(of: #""game":"#, with: #""game":1"#)
        try log.save()
        let stray = try scan(directory.path)
        #expect(stray.unattributed.contains { $0.message.contains("names no ended game") }, "\(stray.unattributed)")
        #expect(stray.games[0].corrections.isEmpty)
    }

    /// The code is used again by a later game: the correction still reaches the game it names, and a
    /// streaming scan (which lets ended rooms go) still applies it.
    @Test func aCorrectionReachesItsGameAfterTheCodeWasUsedAgain() throws {
        var first = try PlayedGame.wholeGame(code: "ABCD", at: 1_700_000_000_000)
        let second = try PlayedGame.wholeGame(code: "ABCD", at: 1_700_100_000_000)
        first.now = 1_700_200_000_000
        let event = try Self.correct(&first, .adjust(player: PlayerID(2), team: nil, delta: 300))
        let directory = TemporaryDirectory()
        try writeArchive(first.log.dropLast().map { ("ABCD", $0) } + second.log.map { ("ABCD", $0) } + [("ABCD", .gameCorrected(event))], to: directory.path)
        var visited: [String: Standings] = [:]
        let streamed = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_700_300_000_000) { game in
            visited[game.id] = game.room?.standings
        }
        #expect(streamed.games.map(\.id) == ["ABCD@1", "ABCD@2"])
        #expect(streamed.games.allSatisfy { $0.isComplete }, "\(streamed.games.flatMap(\.issues))")
        #expect(streamed.games[0].corrections.count == 1 && streamed.games[1].corrections.isEmpty)
        #expect(visited["ABCD@1"] == first.room.standings)
        #expect(visited["ABCD@2"] == second.room.standings)
    }

    /// Any sequence of corrections, made one after another as the server makes them, replays from
    /// the log to the standings the server computed.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func anySequenceOfCorrectionsReplaysToTheSameStandings(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var game = try PlayedGame.wholeGame(league: Self.crown)
        let questions = game.room.asked.count
        let rankAtEnd = Dictionary(uniqueKeysWithValues: game.room.standings.players.map { ($0.nickname, $0.rank) })
        for _ in 0..<12 {
            let sequence = Int(rng.next() % UInt64(questions + 1)) - (rng.next() % 5 == 0 ? 1 : 0)
            let player = PlayerID(Int(rng.next() % 5) + 1)
            let correction: GameCorrection = switch rng.next() % 5 {
            case 0: .void(sequence: sequence)
            case 1: .ruling(sequence: sequence, player: player, right: rng.next() % 2 == 0)
            case 2: .adjust(player: rng.next() % 2 == 0 ? player : nil, team: rng.next() % 3 == 0 ? TeamID(1) : nil, delta: Int(rng.next() % 2001) - 1000)
            case 3: .answerKey(sequence: sequence, content: .number(answer: Double(1960 + Int(rng.next() % 20))))
            default: .answerKey(sequence: sequence, content: .text(accepted: ["Beatles", "The Beatles"]))
            }
            _ = try? Self.correct(&game, correction)
        }
        let directory = TemporaryDirectory()
        try writeArchive([game], to: directory.path)
        let replayed = try scan(directory.path).games[0]
        #expect(replayed.isComplete, "seed \(seed): \(replayed.issues)")
        #expect(replayed.finalStandings == game.room.standings, "seed \(seed)")

        var reader = LeagueGameReader()
        try ArchiveReader(files: directory.logFiles()).read { reader.add($0) }
        let league = try #require(reader.games.first)
        #expect(league.players.map(\.score) == game.room.standings.players.map(\.score), "seed \(seed)")
        #expect(league.teams.map(\.rank) == game.room.standings.teams.map(\.rank), "seed \(seed)")
        #expect((league.corrections?.count ?? 0) == replayed.corrections.count)
        // "Your nights" shows the place before the corrections only where they moved it.
        for player in league.players {
            #expect((player.rankBefore ?? player.rank) == rankAtEnd[player.nickname], "seed \(seed): \(player.nickname)")
            #expect(player.rankBefore != player.rank, "seed \(seed): \(player.nickname)")
        }
    }
}
