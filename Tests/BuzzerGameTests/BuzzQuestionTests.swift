import Foundation
import Testing
@testable import BuzzerGame
import BuzzerFormats
import BuzzerGameJSON

/// Buzz questions: the pack fields, the fair order, false starts, the floor, marks, scoring and replay.
@Suite struct BuzzQuestionTests {
    static func pack(_ buzz: BuzzQuestion = BuzzQuestion(accepted: ["Paris"], penalty: 250), points: Int = 1) -> QuestionPack {
        QuestionPack(title: "Buzzer", rounds: [PackRound(title: "Fingers on buzzers", questions: [
            Question(category: "Geography", text: "Capital of France?", content: .buzz(buzz), points: points),
            Question(category: "Geography", text: "Capital of Peru?", content: .buzz(BuzzQuestion())),
        ])])
    }

    static func settings(cap: GameDuration = 250, teams: [String] = []) -> RoomSettings {
        var settings = RoomSettings()
        settings.rttCompensationCapMs = cap
        settings.scoring = .flat
        if !teams.isEmpty {
            settings.teamMode = true
            settings.teams = teams
        }
        return settings
    }

    /// A started game on its first (buzz) question, with players `names`.
    static func game(_ buzz: BuzzQuestion = BuzzQuestion(accepted: ["Paris"], penalty: 250), names: [String], settings: RoomSettings = settings(),
                     teams: [String?]? = nil) throws -> (GameHarness, [PlayerID]) {
        var game = try GameHarness(pack: pack(buzz), settings: settings)
        var ids: [PlayerID] = []
        for (index, name) in names.enumerated() { ids.append(try game.join(name, team: teams?[index] ?? nil)) }
        try game.send(.start)
        return (game, ids)
    }

    @discardableResult
    private func buzz(_ game: inout GameHarness, _ id: PlayerID, rtt: GameDuration = 0) throws(GameError) -> [RoomEvent] {
        try game.send(.buzz(id, question: game.room.currentQuestion!.sequence, rttMs: rtt))
    }

    /// Ticks at the instant the floor is due.
    private func settle(_ game: inout GameHarness) {
        if let due = game.room.buzzFloorDue() { game.now = max(game.now, due) }
        game.tick()
    }

    // MARK: - The pack

    @Test func readsBuzzFieldsAndWritesThemBack() throws {
        let json = """
        {"title":"T","questions":[
          {"kind":"buzz","category":"C","text":"Capital of France?","answer":["Paris"],"penalty":250,"falseStartLockout":false,"tieWindowMs":35,"openBuzzers":"host"},
          {"kind":"buzz","category":"C","text":"Say it out loud"}
        ]}
        """
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.rounds[0].questions[0].content == .buzz(BuzzQuestion(accepted: ["Paris"], penalty: 250, falseStartLockout: false, tieWindowMs: 35, opens: .host)))
        #expect(pack.rounds[0].questions[1].content == .buzz(BuzzQuestion()))
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
        #expect(try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack)) == pack)
        #expect(!pack.prettyJSON().contains("tieWindowMs\": 20"))
    }

    @Test func refusesBuzzFieldsOutOfRangeWithPaths() {
        let json = """
        {"title":"T","questions":[
          {"kind":"buzz","category":"C","text":"Q","penalty":-1},
          {"kind":"buzz","category":"C","text":"Q","tieWindowMs":1001},
          {"kind":"buzz","category":"C","text":"Q","falseStartLockout":"yes"},
          {"kind":"buzz","category":"C","text":"Q","openBuzzers":"later"},
          {"kind":"buzz","category":"C","text":"Q","options":["A","B"]},
          {"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"penalty":5}
        ]}
        """
        var found: [String] = []
        do { _ = try QuestionPack.decode(json: Array(json.utf8)) } catch { found = error.errors.map(\.description) }
        #expect(found == [
            "questions[0].penalty: expected a whole number 0-100000, found -1",
            "questions[1].tieWindowMs: expected a whole number of ms 0-1000, found 1001",
            #"questions[2].falseStartLockout: expected true or false, found "yes""#,
            #"questions[3].openBuzzers: expected "reading" or "host", found "later""#,
            "questions[4].options: buzz questions take no options",
            "questions[5].penalty: choice questions take no penalty",
        ])
        var pack = Self.pack(BuzzQuestion(tieWindowMs: -5))
        pack.rounds[0].questions.removeLast()
        #expect(pack.validate().map(\.description) == ["rounds[0].questions[0]: tieWindowMs must be 0-1000 (found -5)"])
    }

    @Test func aSpreadsheetRowBecomesABuzzQuestion() throws {
        let csv = "kind,category,text,options,answer\nbuzz,Capitals,Capital of Peru?,,Lima|lima city\nbuzz,Music,Name that tune,,\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "T").document)
        #expect(pack.rounds[0].questions.map(\.content) == [.buzz(BuzzQuestion(accepted: ["Lima", "lima city"])), .buzz(BuzzQuestion())])
        #expect(throws: CSVImporter.ImportError.row(line: 2, "a buzz question has no options: put the answer (if any) in the answer column")) {
            try CSVImporter.packDocument(from: Array("kind,category,text,options,answer\nbuzz,C,Q,A|B,\n".utf8), title: "T")
        }
    }

    // MARK: - The fair order

    @Test func ordersByCorrectedTimeAndBreaksTiesByArrival() {
        var queue = BuzzQueue()
        // In arrival order: near (pressed at 130), mid (pressed at 110), far (pressed at 100), late (pressed at 500).
        queue.press(.init(player: PlayerID(2), arrivedAt: 135, pressedAt: 130))
        queue.press(.init(player: PlayerID(3), arrivedAt: 190, pressedAt: 110))
        queue.press(.init(player: PlayerID(1), arrivedAt: 300, pressedAt: 100))
        queue.press(.init(player: PlayerID(4), arrivedAt: 505, pressedAt: 500))
        let order = queue.order(tieWindowMs: 20)
        // 100 and 110 tie (within 20 of 100): arrival order puts 3 (arrived 190) before 1 (arrived 300).
        #expect(order.map { queue.presses[$0.index].player.rawValue } == [3, 1, 2, 4])
        #expect(order.map(\.tie) == [true, true, false, false])
        #expect(order.map(\.place) == [1, 2, 3, 4])
        // Without a window the corrected times alone decide.
        #expect(queue.order(tieWindowMs: 0).map { queue.presses[$0.index].player.rawValue } == [1, 3, 2, 4])
        #expect(BuzzQueue.ordinal(1) == "1st" && BuzzQueue.ordinal(2) == "2nd" && BuzzQueue.ordinal(3) == "3rd" && BuzzQueue.ordinal(11) == "11th" && BuzzQueue.ordinal(22) == "22nd")
    }

    /// The far phone pressed first but arrived last; the floor waits for it, then goes to it.
    @Test func theFloorGoesToTheEarliestCorrectedPressOnceNoFairerOneCanArrive() throws {
        var (game, ids) = try Self.game(BuzzQuestion(tieWindowMs: 5), names: ["Near", "Far"], settings: Self.settings(cap: 300))
        game.openAnswers()
        let opens = game.room.currentQuestion!.opensAt
        game.now = opens + 60
        try buzz(&game, ids[0], rtt: 20)  // pressed at 60 - 10 = 50
        #expect(game.room.currentQuestion!.buzz.floor == nil)
        game.now = opens + 250
        try buzz(&game, ids[1], rtt: 440)  // pressed at 250 - 220 = 30
        game.now = opens + 300
        game.tick()
        #expect(game.room.currentQuestion!.buzz.floor == nil, "still inside the settle time (cap + tie window after the first arrival)")
        #expect(game.room.buzzFloorDue() == opens + 60 + 305)
        settle(&game)
        let view = try #require(game.room.buzzView)
        #expect(view.queue.map(\.nickname) == ["Far", "Near"])
        #expect(view.queue.map(\.tie) == [false, false])
        #expect(view.queue.map(\.pressedMs) == [30, 50])
        #expect(view.queue.map(\.arrivedMs) == [250, 60])
        #expect(view.floor == ids[1])
        #expect(view.penalty == nil, "this question costs nothing for a wrong answer")
        #expect(try Room.replay(game.log) == game.room)
    }

    /// Found by the protocol fuzzer (seed 2027): a question closed during its reading time and reopened
    /// is open before its `opensAt`; a press then was set to the opening, after its own arrival, and the
    /// log no longer replayed ("its press time is implausible"). A press is never after it arrived.
    @Test func aPressOnAQuestionReopenedBeforeItOpenedIsNeverLaterThanItsArrival() throws {
        var (game, ids) = try Self.game(names: ["Ada"])
        #expect(game.room.phase == .reading)
        try game.send(.close)
        try game.send(.reopen(ms: 60_000))
        #expect(game.room.phase == .open && game.room.currentQuestion!.opensAt > game.now)
        let events = try buzz(&game, ids[0], rtt: 600)
        guard let pressed = events.first?.extensionEvent(as: BuzzPressed.self) else { Issue.record("no press: \(events)"); return }
        #expect(pressed.pressedAt <= pressed.at)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func theQueueSaysWhatAWrongAnswerCostsSoAPhoneMarkedWrongSaysItAtOnce() throws {
        var (game, _) = try Self.game(names: ["Ada", "Zoë"])
        game.openAnswers()
        #expect(game.room.buzzView?.penalty == 250)
    }

    @Test func aPressIsNeverCorrectedToBeforeTheBuzzersOpened() throws {
        var (game, ids) = try Self.game(BuzzQuestion(tieWindowMs: 5), names: ["Honest", "Claims500"], settings: Self.settings(cap: 250))
        game.openAnswers()
        let opens = game.room.currentQuestion!.opensAt
        game.now = opens + 40
        try buzz(&game, ids[0])
        game.now = opens + 90
        // Half of 500 ms would put this press 160 ms before the opening: it counts from the opening.
        try buzz(&game, ids[1], rtt: 500)
        let presses = game.room.currentQuestion!.buzz.presses
        #expect(presses.map(\.pressedAt) == [opens + 40, opens])
        #expect(presses.allSatisfy { $0.pressedAt >= opens })
        #expect(try Room.replay(game.log) == game.room)
    }

    // MARK: - False starts, marks and scoring

    @Test func aFalseStartLocksThePlayerOutAndIsLogged() throws {
        var (game, ids) = try Self.game(names: ["Eager", "Calm"])
        let events = try buzz(&game, ids[0])
        #expect(events == [BuzzFalseStart(at: game.now, sequence: 0, player: ids[0], lockedOut: true).event])
        game.openAnswers()
        game.expectRefused(.buzz(ids[0], question: 0, rttMs: 0), code: "locked_out")
        try buzz(&game, ids[1])
        #expect(game.room.buzzView?.lockedOut == [ids[0]])
        #expect(game.room.buzzView?.falseStarts == [ids[0]])
    }

    @Test func withoutTheLockoutAFalseStartOnlyWarnsOnce() throws {
        var (game, ids) = try Self.game(BuzzQuestion(falseStartLockout: false), names: ["Eager"])
        #expect(try buzz(&game, ids[0]).count == 1)
        game.expectRefused(.buzz(ids[0], question: 0, rttMs: 0), code: "answers_not_open")
        game.openAnswers()
        #expect(try buzz(&game, ids[0]).count == 1)
    }

    @Test func aWrongMarkCostsThePenaltyAndPassesTheFloorThenARightOneScoresAndReveals() throws {
        var (game, ids) = try Self.game(names: ["Ann", "Bob", "Cy"])
        game.openAnswers()
        game.expectRefused(.markBuzz(right: true), code: "no_floor")
        game.advance(100)
        try buzz(&game, ids[0])
        game.advance(100)
        try buzz(&game, ids[1])
        settle(&game)
        #expect(game.room.currentQuestion!.buzz.floor == ids[0])
        game.advance(2_000)  // the answer out loud
        let wrong = try game.send(.markBuzz(right: false))
        #expect(wrong.count == 2)
        #expect(wrong.last == BuzzFloor(at: game.now, sequence: 0, player: ids[1]).event)
        game.expectRefused(.buzz(ids[0], question: 0, rttMs: 0), code: "locked_out")
        game.expectRefused(.buzz(ids[1], question: 0, rttMs: 0), code: "already_answered")
        let right = try game.send(.markBuzz(right: true))
        #expect(right.map(\.type) == ["buzz_marked", "answers_closed", "question_revealed"])
        #expect(game.score(ids[0]) == -250)
        #expect(game.score(ids[1]) == 1)
        #expect(game.room.currentQuestion!.awards[ids[0]]?.outcome == .wrong)
        #expect(game.room.currentQuestion!.awards[ids[2]] == nil)
        #expect(BuzzKind.answerText(game.room.currentQuestion!.answers[ids[1]]!.value, tiles: []) == "2nd, right")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func theFloorHolderMayTypeTheAnswerWhichIsMarkedAsATextAnswerIs() throws {
        var (game, ids) = try Self.game(names: ["Ann", "Bob"])
        game.openAnswers()
        try buzz(&game, ids[0])
        game.advance(50)
        try buzz(&game, ids[1])
        settle(&game)
        let typed = { (id: PlayerID, text: String) in RoomCommand.answer(id, AnswerSubmission(question: 0, value: .text(text), writtenAt: 0)) }
        // Only the floor holder types; an empty answer is refused like a text answer's.
        game.expectRefused(typed(ids[1], "Paris"), code: "no_floor")
        game.expectRefused(typed(ids[0], "   "), code: "invalid_answer")
        game.advance(1_000)
        let wrong = try game.send(typed(ids[0], "Lyon"))
        #expect(wrong.first == BuzzMarked(at: game.now, sequence: 0, player: ids[0], right: false, text: "Lyon").event)
        #expect(game.room.currentQuestion!.buzz.floor == ids[1])
        let right = try game.send(typed(ids[1], "  PARÍS "))
        #expect(right.map(\.type) == ["buzz_marked", "answers_closed", "question_revealed"])
        #expect(game.score(ids[1]) == 1 && game.score(ids[0]) == -250)
        #expect(try Room.replay(game.log) == game.room)
        // Without accepted answers a typed answer is no buzz: the usual refusals.
        var (plain, others) = try Self.game(BuzzQuestion(), names: ["Cy", "Di"])
        plain.openAnswers()
        try buzz(&plain, others[0])
        settle(&plain)
        plain.expectRefused(typed(others[0], "Lima"), code: "already_answered")
        plain.expectRefused(typed(others[1], "Lima"), code: "invalid_answer")
    }

    @Test func anUnmarkedPressIsCountedNotJudged() throws {
        var (game, ids) = try Self.game(names: ["Ann", "Bob"])
        game.openAnswers()
        try buzz(&game, ids[0])
        settle(&game)
        try game.send(.reveal)
        #expect(game.room.currentQuestion!.awards[ids[0]]?.outcome == .counted)
        #expect(game.score(ids[0]) == 0)
    }

    @Test func theHostOpensTheBuzzersWhenTheQuestionSaysSo() throws {
        var (game, ids) = try Self.game(BuzzQuestion(opens: .host), names: ["Ann"])
        let window = game.room.currentQuestion!.deadline - game.room.currentQuestion!.opensAt
        game.now = game.room.currentQuestion!.opensAt + 5_000
        game.tick()
        #expect(game.room.phase == .reading)
        try buzz(&game, ids[0])  // a false start: still reading
        game.advance(1_000)
        let opened = try game.send(.openBuzzers)
        #expect(opened.map(\.type) == ["answers_opened"])
        #expect(game.room.currentQuestion!.opensAt == game.now)
        #expect(game.room.currentQuestion!.deadline - game.now == window)
        game.expectRefused(.openBuzzers, code: "bad_phase")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func inTeamModeATeamBuzzesOnceAndItsFirstPressCounts() throws {
        var (game, ids) = try Self.game(names: ["Ann", "Amy", "Bob"], settings: Self.settings(teams: ["Owls", "Larks"]), teams: ["Owls", "Owls", "Larks"])
        game.openAnswers()
        try buzz(&game, ids[1])
        game.expectRefused(.buzz(ids[0], question: 0, rttMs: 0), code: "team_answered")
        try buzz(&game, ids[2])
        settle(&game)
        #expect(game.room.buzzView?.queue.map(\.team) == ["Owls", "Larks"])
        try game.send(.markBuzz(right: false))
        #expect(Set(game.room.buzzView?.lockedOut ?? []) == [ids[0], ids[1]])
        try game.send(.markBuzz(right: true))
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aBuzzOnAnotherKindOrTheWrongQuestionIsRefused() throws {
        var game = try GameHarness()
        let id = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        game.expectRefused(.buzz(id, question: 0, rttMs: 0), code: "invalid_answer")
        game.expectRefused(.markBuzz(right: true), code: "no_floor")
        var (buzzGame, ids) = try Self.game(names: ["Ann"])
        buzzGame.openAnswers()
        buzzGame.expectRefused(.buzz(ids[0], question: 1, rttMs: 0), code: "wrong_question")
        buzzGame.expectRefused(.answer(ids[0], AnswerSubmission(question: 0, value: .press(ButtonPress(place: 1, tie: false, right: true)), writtenAt: 0)), code: "invalid_answer")
    }

    @Test func aPressesLoggedTimesAreCheckedOnReplay() throws {
        var (game, ids) = try Self.game(names: ["Ann"])
        game.openAnswers()
        try buzz(&game, ids[0], rtt: 100)
        var bad = game.log
        guard var pressed = bad.removeLast().extensionEvent(as: BuzzPressed.self) else { Issue.record("no buzz_pressed"); return }
        pressed.rttMs = -5
        bad.append(pressed.event)
        #expect(throws: GameError.self) { try Room.replay(bad) }
        let lines = try game.log.map { try JSONEncoder().encode($0) }
        #expect(try lines.map { try JSONDecoder().decode(RoomEvent.self, from: $0) } == game.log)
    }
}
