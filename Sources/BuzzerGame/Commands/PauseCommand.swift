/// `pause`: stop the clock while reading or answering; `unpause` starts it again where it stood.
package struct PauseCommand: FieldlessCommand {
    package static let wireName = "pause"
    package static let title = "pause the clock"
    package static let waitsForTheRound = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.isAcceptingAnswers else { throw .badPhase(command: Self.title, phase: room.phase) }
        guard !current.isPaused else { throw .cannotChangeClock("the clock is already paused") }
        return [.clockPaused(ClockPaused(at: now, sequence: current.sequence))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.isAcceptingAnswers ? 2 : 0 }
}

extension RoomCommand {
    package static var pauseClock: RoomCommand { .host(PauseCommand()) }
}
