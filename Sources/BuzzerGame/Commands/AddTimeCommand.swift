/// `add_time`: everyone gets `seconds` more to answer (reading or open, paused or not).
package struct AddTimeCommand: ClientCommand {
    package static let wireName = "add_time"
    package static let title = "add time"
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [.required(.seconds, .int(InputBounds.extraSeconds))]

    /// The room counts in milliseconds; the wire in whole seconds.
    package var ms: GameDuration

    package init(ms: GameDuration) { self.ms = ms }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        ms = GameDuration(try fields.int(.seconds)) * 1000
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.seconds, .int(Int(ms / 1000)))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.isAcceptingAnswers else { throw .badPhase(command: Self.title, phase: room.phase) }
        try Room.checkExtra(ms)
        return [.timeAdded(TimeAdded(at: now, sequence: current.sequence, ms: ms))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> AddTimeCommand {
        AddTimeCommand(ms: fuzz.milliseconds(InputBounds.extraSeconds))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.isAcceptingAnswers ? 2 : 0 }
}

extension RoomCommand {
    package static func addTime(ms: GameDuration) -> RoomCommand { .host(AddTimeCommand(ms: ms)) }
}
