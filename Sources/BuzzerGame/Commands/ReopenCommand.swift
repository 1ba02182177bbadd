/// `reopen`: a closed (never revealed) question takes answers again for `seconds` (10 unless given).
package struct ReopenCommand: ClientCommand {
    package static let wireName = "reopen"
    package static let title = "re-open the question"
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [.optional(.seconds, .int(InputBounds.extraSeconds))]

    package var ms: GameDuration

    package init(ms: GameDuration) { self.ms = ms }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        ms = GameDuration(try fields.optionalInt(.seconds) ?? 10) * 1000
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.seconds, .int(Int(ms / 1000)))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.phase == .closed else { throw .badPhase(command: Self.title, phase: room.phase) }
        guard !current.wasRevealed else {
            throw .cannotChangeClock("the answer has been on screen, so answering again would not be fair")
        }
        try Room.checkExtra(ms)
        let deadline = now.plus(ms)
        return [.answersReopened(AnswersReopened(
            at: now, sequence: current.sequence, deadline: deadline, closesAt: deadline.plus(room.settings.answerGraceMs)))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> ReopenCommand {
        ReopenCommand(ms: fuzz.milliseconds(InputBounds.extraSeconds))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .closed ? 3 : 0 }
}

extension RoomCommand {
    package static func reopen(ms: GameDuration) -> RoomCommand { .host(ReopenCommand(ms: ms)) }
}
