/// Answers closed: the deadline passed, the host closed early, or everyone answered.
package struct AnswersClosed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var reason: CloseReason

    package init(at: GameInstant, sequence: Int, reason: CloseReason) {
        self.at = at
        self.sequence = sequence
        self.reason = reason
    }
}

extension AnswersClosed: RoomEventPayload {
    package static let wireName = "answers_closed"
    package var event: RoomEvent { .answersClosed(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last else { return }
        room.releaseClockHold(at: at)
        room.asked[last].closedAt = at
        room.asked[last].closeReason = reason
        // Closed while paused: no answer comes after this pause, so it need not be counted.
        room.asked[last].pausedAt = nil
        room.setPhase(.closed, at: at)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .answersClosed(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, reason: .allAnswered)] }
}
