/// `skip`: drop the current question unscored and go to the next step.
package struct SkipCommand: FieldlessCommand {
    package static let wireName = "skip"
    package static let title = "skip the question"
    package static let waitsForTheRound = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.isAcceptingAnswers || room.phase == .closed else {
            throw .badPhase(command: Self.title, phase: room.phase)
        }
        let skipped = RoomEvent.questionSkipped(QuestionSkipped(at: now, sequence: current.sequence))
        var after = room
        after.apply(skipped)
        return [skipped, after.nextStep(at: now)]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.isAcceptingAnswers || room.phase == .closed ? 1 : 0 }
}

extension RoomCommand {
    package static var skip: RoomCommand { .host(SkipCommand()) }
}
