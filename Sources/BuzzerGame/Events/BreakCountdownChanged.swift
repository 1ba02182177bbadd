/// The host moved the break's countdown: more minutes, or zero now ("back any moment").
package struct BreakCountdownChanged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var endsAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, endsAt = "ends_at" }

    package init(at: GameInstant, endsAt: GameInstant) {
        self.at = at
        self.endsAt = endsAt
    }
}

extension BreakCountdownChanged: RoomEventPayload {
    package static let wireName = "break_countdown_changed"
    package var event: RoomEvent { .breakCountdownChanged(self) }

    package func apply(to room: inout Room) {
        guard room.phase == .onBreak else { return }
        room.roomBreak?.endsAt = endsAt
    }

    package func logProblem(in room: Room) -> String? {
        guard room.phase == .onBreak else { return "the room is not on a break" }
        return Room.countdownProblem(endsAt, at: at)
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .breakShown) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, endsAt: at + 90_000)] }
}
