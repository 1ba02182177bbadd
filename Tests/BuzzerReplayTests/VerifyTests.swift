import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

@Suite struct VerifyTests {
    private func archived() throws -> (dir: TemporaryDirectory, log: LogFile) {
        let dir = TemporaryDirectory()
        try writeArchive([PlayedGame.wholeGame()], to: dir.path)
        return (dir, try LogFile(directory: dir.path))
    }

    @Test func aCleanArchiveVerifies() throws {
        let (dir, _) = try archived()
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok)
        #expect(report.games.count == 1)
        #expect(report.games[0].standingsChecked == 7)  // six reveals and the end
        #expect(report.games[0].issues.isEmpty)
    }

    /// Every host correction of issue 11 in one night: the clock paused and lengthened, a question
    /// re-opened, a reveal undone, one skipped, teams renamed, merged and moved, and a tiebreak.
    @Test func aNightWithEveryHostCorrectionVerifies() throws {
        var game = try PlayedGame()
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "The Owls")
        let cid = try game.join("Cid", team: "Hawks")
        try game.send(.start)
        game.now += 1000
        try game.send(.pauseClock)
        game.now += 20_000
        try game.send(.resumeClock)
        try game.send(.addTime(ms: 10_000))
        game.now = game.room.currentQuestion!.opensAt + 2000
        try game.send(.tick)
        try game.send(.answer(ann, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)))
        try game.send(.close)
        game.now += 5000
        try game.send(.reopen(ms: 10_000))
        game.now += 1000
        try game.send(.answer(bob, AnswerSubmission(question: 0, value: .option(1), writtenAt: 0)))
        try game.send(.answer(cid, AnswerSubmission(question: 0, value: .option(0), writtenAt: 0)))
        try game.send(.reveal)
        try game.send(.undoReveal)
        try game.send(.reveal)
        try game.send(.renameTeam(TeamID(3), name: "Hawks United"))
        try game.send(.mergeTeams(from: TeamID(1), into: TeamID(2)))
        try game.send(.movePlayer(cid, team: nil))
        try game.send(.next)
        while !(game.room.phase == .leaderboard && game.room.isOnLastQuestion) {
            try game.send(game.room.phase == .leaderboard ? .next : .skip)
        }
        #expect(game.room.phase == .leaderboard)
        for other in [bob, cid] where game.score(other) != game.score(ann) {
            try game.send(.adjustScore(.player(other), delta: game.score(ann) - game.score(other), reason: "level for a tiebreak"))
        }
        try game.send(.startTiebreak(TiebreakRequest(text: "Keys on a piano?", answer: 88, players: [ann, bob, cid])))
        try game.send(.tiebreakAnswer(cid, value: 88, writtenAt: 0, rttMs: 0))
        try game.send(.close)
        try game.send(.next)
        #expect(game.room.phase == .ended)
        #expect(game.room.standings.players.first?.nickname == "Cid")

        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok, "\(report.games.first?.issues ?? [])")
        #expect(report.games.first?.issues.isEmpty == true)
    }

    @Test func aTamperedScoreIsNamedWithItsLine() throws {
        let (dir, original) = try archived()
        var log = original
        let index = try #require(log.index(ofLast: "room_ended"))
        let line = log.lines[index]
        let range = try #require(line.range(of: #""score":"#))
        let end = try #require(line[range.upperBound...].firstIndex { !$0.isNumber && $0 != "-" })
        let score = try #require(Int(line[range.upperBound..<end]))
        log.lines[index] = line.replacingCharacters(in: range.upperBound..<end, with: String(score + 100))
        try log.save()

        let scanned = try scan(dir.path, depth: .timeline)
        let report = try VerifyReport(scanned)
        #expect(!report.ok)
        let issue = try #require(report.games[0].issues.first)
        #expect(issue.kind == .mismatch)
        // Every line reads, but the log and the live room disagree, so one of them is wrong: show
        // refuses to pick, unless asked to print it marked as incomplete.
        #expect(scanned.games[0].damage == nil)
        #expect(!scanned.games[0].isComplete)
        #expect(throws: ReplayError.self) { try GameTimeline(scanned.games[0]) }
        let marked = try GameTimeline(scanned.games[0], allowIncomplete: true)
        #expect(!marked.complete)
        #expect(marked.finalStandings.players.isEmpty == false)
        #expect(issue.location == "\(log.path):\(index + 1)")
        #expect(issue.seq == UInt64(index + 1))
        #expect(issue.message.contains("final standings differ"))
        #expect(issue.message.contains("recorded score \(score + 100), replayed \(score)"))
    }

    @Test func aMissingLineIsASequenceGapInTheGame() throws {
        let (dir, original) = try archived()
        var log = original
        // The second answer of the game: Ann's right answer to question 1.
        let index = try #require(log.lines.indices.filter { log.lines[$0].contains(#""type":"answer_recorded""#) }.dropFirst().first)
        #expect(log.lines[index].contains(#""player":1"#))
        log.lines.remove(at: index)
        try log.save()

        let report = try VerifyReport(scan(dir.path))
        #expect(!report.ok)
        let messages = report.games[0].issues.map(\.message)
        #expect(messages.contains { $0.contains("sequence gap: 1 line missing (expected seq \(index + 1), found \(index + 2))") })
        // Without that answer, the replay scores differently from what was recorded live.
        #expect(messages.contains { $0.contains("standings after question 1 differ") })
    }

    @Test func aCorruptLineIsNamedAndFailsItsGame() throws {
        let (dir, original) = try archived()
        var log = original
        let index = try #require(log.index(ofFirst: "answers_closed"))
        log.lines[index] = String(log.lines[index].prefix(60))
        try log.save()

        let scanned = try scan(dir.path)
        let report = try VerifyReport(scanned)
        #expect(!report.ok)
        let issue = try #require(report.games[0].issues.first { $0.message.hasPrefix("corrupt line") })
        #expect(issue.location == "\(log.path):\(index + 1)")
        // show and export refuse a damaged game rather than print wrong numbers.
        #expect(scanned.games[0].damage == issue)
        #expect(throws: ReplayError.self) { try GameTimeline(scanned.games[0]) }
    }

    @Test func anEventThatDoesNotDecodeStopsTheReplayAndIsNamed() throws {
        let (dir, original) = try archived()
        var log = original
        let index = try #require(log.index(ofFirst: "answer_recorded"))
        log.lines[index] = log.lines[index].replacingOccurrences(of: #""kind":"choice""#, with: #""kind":"guess""#)
        try log.save()

        let scanned = try scan(dir.path)
        let report = try VerifyReport(scanned)
        #expect(!report.ok)
        #expect(report.games[0].issues.count == 1)
        #expect(report.games[0].issues[0].message.contains("answer_recorded does not decode"))
        #expect(report.games[0].issues[0].seq == UInt64(index + 1))
        #expect(throws: ReplayError.self) { try AnswerExport.rows(of: scanned.games[0]) }
        // Asked to, show prints what came before that line, marked as incomplete.
        let partial = try GameTimeline(scanned.games[0], allowIncomplete: true)
        #expect(!partial.complete)
        #expect(partial.questions.count == 1)
    }

    /// Hand-edited numbers that the room would never produce must be reported, not trap the replay.
    @Test(arguments: [
        ("question_shown", #""round":0"#, #""round":7"#, "the pack has no question"),
        ("question_shown", #""permutation":[0,1,2,3]"#, #""permutation":[0,1,2,9]"#, "not one of the question's 4 options"),
        ("question_shown", #""closes_at":"#, #""closes_at":9"#, "timing is implausible"),
        ("answer_recorded", #""response_ms":"#, #""response_ms":-"#, "response time -"),
    ])
    func implausibleEventsStopTheReplayWithoutTrapping(type: String, find: String, replace: String, expected: String) throws {
        let archive = try archived()
        var log = archive.log
        let index = try #require(log.index(ofFirst: type))
        #expect(log.lines[index].contains(find))
        log.lines[index] = log.lines[index].replacingOccurrences(of: find, with: replace)
        try log.save()
        let scanned = try scan(archive.dir.path, depth: .timeline)
        let report = try VerifyReport(scanned)
        #expect(!report.ok)
        let issue = try #require(report.games[0].issues.first)
        #expect(issue.message.contains(expected), "\(issue)")
        #expect(issue.seq == UInt64(index + 1))
        #expect(throws: ReplayError.self) { try GameTimeline(scanned.games[0]) }
    }

    @Test func hugeWagersAndAdjustmentsAreReportedNotAdded() {
        let room = try? PlayedGame.wholeGame().room
        guard let room else { Issue.record("no game"); return }
        let wager = RoomEvent.wagerPlaced(WagerPlaced(at: 0, sequence: 0, player: PlayerID(1), amount: Int.max))
        #expect(room.logProblem(wager)?.contains("stake") == true)
        let adjustment = RoomEvent.scoreAdjusted(ScoreAdjusted(at: 0, player: PlayerID(1), delta: Int.min, reason: "x"))
        #expect(room.logProblem(adjustment) != nil)
        #expect(room.logProblem(.scoreAdjusted(ScoreAdjusted(at: 0, player: PlayerID(1), delta: -50, reason: "x"))) == nil)
    }

    @Test func aGameWhoseStartIsMissingIsNamed() throws {
        let (dir, original) = try archived()
        var log = original
        log.lines.removeFirst()
        try log.save()
        let report = try VerifyReport(scan(dir.path))
        #expect(!report.ok)
        #expect(report.games[0].issues.first?.message.contains("not room_created") == true)
    }

    /// Format 1 wrote the instant twice (`time` and the event's `at`); format 2 cannot disagree.
    @Test func aFormatOneEventTimeThatDisagreesWithItsLineIsNamed() throws {
        let (dir, original) = try archived()
        var log = original
        let index = try #require(log.index(ofFirst: "answers_opened"))
        log.lines[index] = log.lines[index]
            .replacingOccurrences(of: #"{"v":2,"#, with: #"{"v":1,"#)
            .replacingOccurrences(of: #""type":"answers_opened","#, with: #""type":"answers_opened","at":1,"#)
        try log.save()
        let report = try VerifyReport(scan(dir.path))
        #expect(report.games[0].issues.map(\.message).contains { $0.contains("differs from the line's time") })
    }

    @Test func logsWrittenBeforeStandingsWereRecordedStillVerify() throws {
        let dir = TemporaryDirectory()
        let game = try PlayedGame.wholeGame()
        let older = game.log.map { event -> RoomEvent in
            switch event {
            case .questionRevealed(var e): e.standings = nil; return .questionRevealed(e)
            case .roomEnded(var e): e.standings = nil; return .roomEnded(e)
            default: return event
            }
        }
        try writeArchive(older.map { ("ABCD", $0) }, to: dir.path)
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok)
        #expect(report.games[0].standingsChecked == 0)
    }

    @Test func verifyingOneGameIgnoresAGapOutsideIt() throws {
        let dir = TemporaryDirectory()
        let first = try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000)
        let second = try PlayedGame.wholeGame(code: "BBBB", at: 1_700_100_000_000)
        try writeArchive([first, second], to: dir.path)
        var log = try LogFile(directory: dir.path)
        log.lines.remove(at: 5)  // inside AAAA
        try log.save()
        let scanned = try scan(dir.path)
        #expect(try VerifyReport(scanned, only: GameReference(code: "BBBB")).ok)
        #expect(!(try VerifyReport(scanned, only: GameReference(code: "AAAA")).ok))
        #expect(!(try VerifyReport(scanned).ok))
    }

    @Test func aTornTailOnTheNewestFileIsOnlyAWarning() throws {
        let (dir, log) = try archived()
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"v":1,"seq":999,"time":1,"room":"ABCD","type":"answer_rec"#.utf8))
        handle.closeFile()
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok)
        #expect(report.archiveIssues.contains { $0.severity == .warning } || report.games[0].issues.contains { $0.severity == .warning })
    }

    @Test func generatedArchivesVerify() throws {
        let dir = TemporaryDirectory()
        let summary = try ArchiveGenerator(seed: 9).generate(events: 4000, directory: dir.path)
        #expect(summary.events >= 4000)
        let report = try VerifyReport(scan(dir.path))
        #expect(report.ok, "\(report.games.flatMap(\.issues).prefix(3))")
        #expect(report.games.count == summary.games)
        #expect(report.games.reduce(0) { $0 + $1.standingsChecked } > 0)
        #expect(report.lines == summary.events)
    }
}
