/// The host gave everyone more time: the deadline and the close move by `ms`.
package struct TimeAdded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var ms: GameDuration

    package init(at: GameInstant, sequence: Int, ms: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.ms = ms
    }
}

extension TimeAdded: RoomEventPayload {
    package static let wireName = "time_added"
    package var event: RoomEvent { .timeAdded(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence else { return }
        room.asked[last].deadline = room.asked[last].deadline.plus(ms)
        room.asked[last].closesAt = room.asked[last].closesAt.plus(ms)
    }

    package func logProblem(in room: Room) -> String? {
        InputBounds.duration.contains(ms) ? nil : "it adds \(ms) ms"
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .clock) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, ms: 5_000)] }
}
