/// Answers open: after the reading time, or when the host opened early (`open_buzzers`).
package struct AnswersOpened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

extension AnswersOpened: RoomEventPayload {
    package static let wireName = "answers_opened"
    package var event: RoomEvent { .answersOpened(self) }

    package func apply(to room: inout Room) {
        // The host opened early (`open_buzzers`), or a buzz question waited for the host: the window starts now.
        if let last = room.asked.indices.last, room.asked[last].sequence == sequence, at != room.asked[last].opensAt {
            let shift = at.minus(room.asked[last].opensAt)
            room.asked[last].opensAt = at
            room.asked[last].deadline = room.asked[last].deadline.plus(shift)
            room.asked[last].closesAt = room.asked[last].closesAt.plus(shift)
        }
        room.setPhase(.open, at: at)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// The host's first list of who has not answered.
    package var publisherReaction: PublisherReaction { PublisherReaction(.answerCount, .answersOpen(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0)] }
}
