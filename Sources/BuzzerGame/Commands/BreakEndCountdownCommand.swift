/// `break_end_countdown`: the break's countdown ends now; the screens say "back any moment".
package struct BreakEndCountdownCommand: FieldlessCommand {
    package static let wireName = "break_end_countdown"
    package static let title = "change the break's countdown"

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.phase == .onBreak, room.roomBreak != nil else { throw .badPhase(command: Self.title, phase: room.phase) }
        return [.breakCountdownChanged(BreakCountdownChanged(at: now, endsAt: now))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .onBreak ? 1 : 0 }
}
