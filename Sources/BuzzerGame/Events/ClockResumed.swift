/// The clock runs again; the opening (if still ahead), the deadline and the close move on by
/// the pause, so nobody loses a second of answering time.
package struct ClockResumed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

extension ClockResumed: RoomEventPayload {
    package static let wireName = "clock_resumed"
    package var event: RoomEvent { .clockResumed(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence, let since = room.asked[last].pausedAt else { return }
        let stopped = max(0, at.minus(since))
        if since < room.asked[last].opensAt {
            room.asked[last].opensAt = room.asked[last].opensAt.plus(stopped)  // paused while players were still reading
        } else {
            room.asked[last].stoppages.append(Stoppage(start: since, end: at))
        }
        room.asked[last].deadline = room.asked[last].deadline.plus(stopped)
        room.asked[last].closesAt = room.asked[last].closesAt.plus(stopped)
        room.asked[last].pausedAt = nil
        room.syncClockHold(at: at)  // a floor still held holds the clock again
    }

    /// Not capped by `HostLimits`: it ends a counted pause.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .clock) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0)] }
}
