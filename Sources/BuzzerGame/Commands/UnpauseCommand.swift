/// `unpause`: the clock runs again where `pause` stopped it.
package struct UnpauseCommand: FieldlessCommand {
    package static let wireName = "unpause"
    package static let title = "resume the clock"
    package static let waitsForTheRound = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.isAcceptingAnswers else { throw .badPhase(command: Self.title, phase: room.phase) }
        guard current.isPaused else { throw .cannotChangeClock("the clock is not paused") }
        return [.clockResumed(ClockResumed(at: now, sequence: current.sequence))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.isAcceptingAnswers ? 2 : 0 }
}

extension RoomCommand {
    package static var resumeClock: RoomCommand { .host(UnpauseCommand()) }
}
