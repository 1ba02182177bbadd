/// `break_add_time`: more time on a break's countdown (from its end, or from now if it has none or
/// ran out). The countdown only informs: the host still starts the round.
package struct BreakAddTimeCommand: ClientCommand {
    package static let wireName = "break_add_time"
    package static let title = "change the break's countdown"
    package static let fields: [ClientFieldSpec] = [.required(.seconds, .int(InputBounds.breakSeconds))]

    package var ms: GameDuration

    package init(ms: GameDuration) { self.ms = ms }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        ms = GameDuration(try fields.int(.seconds)).times(1000)
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.seconds, .int(Int(ms / 1000)))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.phase == .onBreak, let current = room.roomBreak else { throw .badPhase(command: Self.title, phase: room.phase) }
        guard (1_000...Room.maxBreakCountdownMs).contains(ms) else {
            throw .invalidBreak("add between 1 second and \(Room.maxBreakCountdownMs / 60_000) minutes")
        }
        let endsAt = max(current.endsAt ?? now, now).plus(ms)
        guard endsAt.minus(now) <= Room.maxBreakCountdownMs else {
            throw .invalidBreak("the countdown can run at most \(Room.maxBreakCountdownMs / 60_000) minutes from now")
        }
        return [.breakCountdownChanged(BreakCountdownChanged(at: now, endsAt: endsAt))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> BreakAddTimeCommand {
        BreakAddTimeCommand(ms: fuzz.chance(0.7) ? GameDuration(fuzz.int(1...60)).times(60_000) : GameDuration(fuzz.boundaryInt()).times(1000))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .onBreak ? 3 : 0 }
}

extension RoomCommand {
    /// A break's countdown moved: more time (`break_add_time`), or zero now (`break_end_countdown`).
    package static func breakCountdown(_ change: BreakCountdownChange) -> RoomCommand {
        switch change {
        case .add(let ms): .host(BreakAddTimeCommand(ms: ms))
        case .endNow: .host(BreakEndCountdownCommand())
        }
    }
}
