import Testing
@testable import BuzzerGame

/// Issue 40, item 4: a kind's mechanic is its own. The room asks the module of the question on
/// screen for its state, its timer and its answers, and the registries take each kind's commands and events.
@Suite struct KindMechanicsTests {
    @Test func aBuzzQuestionCarriesItsKindsQueueAndOtherQuestionsCarryNoState() throws {
        var (game, ids) = try BuzzQuestionTests.game(names: ["Ann"])
        #expect(game.room.currentQuestion?.kindState(as: BuzzQueue.self) == BuzzQueue())
        game.openAnswers()
        try game.send(.buzz(ids[0], question: 0, rttMs: 0))
        #expect(game.room.currentQuestion?.kindState(as: BuzzQueue.self)?.presses.map(\.player) == [ids[0]])

        let pack = QuestionPack(title: "T", rounds: [PackRound(title: "R", questions: [
            Question(category: "C", text: "Q", content: .choice(options: ["A", "B"], answer: 0)),
        ])])
        var plain = try GameHarness(pack: pack)
        _ = try plain.join("Bo")
        try plain.send(.start)
        #expect(plain.room.currentQuestion?.kindSlot == KindStateSlot())
    }

    @Test func theRegistriesTakeEachKindsEventsAndThePressIsAPlayersCommandOfTheBuzzKind() {
        let registered = Set(RoomEvents.all.map { ObjectIdentifier($0) })
        for kind in QuestionKind.allCases {
            for event in kind.module.events { #expect(registered.contains(ObjectIdentifier(event)), "\(kind): \(event)") }
        }
        #expect(BuzzKind.events.map { $0.wireName } == ["buzz_pressed", "buzz_false_start", "buzz_floor", "buzz_marked"])
        #expect(BuzzKind.commands.map { $0.wireName } == ["buzz", "open_buzzers", "mark_buzz"])
        #expect(BuzzCommand.role == .player)
        #expect(RoomCommand.buzz(PlayerID(1), question: 0, rttMs: 5) == .playerCommand(PlayerID(1), AnyClientCommand(BuzzCommand(question: 0)), rttMs: 5))
    }

    @Test func theFloorIsTheBuzzKindsTimerAndTheRoomAsksTheModuleForIt() throws {
        var (game, ids) = try BuzzQuestionTests.game(names: ["Ann"])
        game.openAnswers()
        try game.send(.buzz(ids[0], question: 0, rttMs: 0))
        let current = try #require(game.room.currentQuestion)
        let due = try #require(BuzzKind.timerDue(in: game.room, current))
        #expect(game.room.nextDeadline == due)
        #expect(ChoiceKind.timerDue(in: game.room, current) == nil)
        game.now = due
        #expect(game.tick().map(\.type) == ["buzz_floor"])
    }

    @Test func aKindsRefusalIsOneDefinitionWithItsCodeAndMessage() {
        #expect(GameError.lockedOut.code == .lockedOut)
        #expect(GameError.noFloor.code == .noFloor)
        #expect(GameError.noFloor.description.contains("floor"))
    }
}
