/// The host skipped the question: it is never scored, its wagers are void, and the next step follows.
package struct QuestionSkipped: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

extension QuestionSkipped: RoomEventPayload {
    package static let wireName = "question_skipped"
    package var event: RoomEvent { .questionSkipped(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence else { return }
        room.asked[last].skipped = true
        room.asked[last].pausedAt = nil
        if room.asked[last].closedAt == nil { room.asked[last].closedAt = at }
        // Done with, like a revealed question: `next` (which the skip brings at once) moves on.
        room.setPhase(.revealed, at: at)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .skipped(sequence: sequence)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0)] }
}
