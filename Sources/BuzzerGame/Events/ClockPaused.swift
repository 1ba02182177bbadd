/// The host stopped the clock: no answers, no timers, until `clock_resumed`.
package struct ClockPaused: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

extension ClockPaused: RoomEventPayload {
    package static let wireName = "clock_paused"
    package var event: RoomEvent { .clockPaused(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence else { return }
        room.releaseClockHold(at: at)  // the host's pause takes over a kind's hold
        room.asked[last].pausedAt = at
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .clock) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0)] }
}
