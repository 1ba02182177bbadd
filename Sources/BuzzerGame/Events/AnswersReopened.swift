/// The host re-opened a question closed by mistake. Answers given before still count; the time it
/// stood closed is not charged to anyone.
package struct AnswersReopened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var deadline: GameInstant
    package var closesAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, sequence, deadline, closesAt = "closes_at" }

    package init(at: GameInstant, sequence: Int, deadline: GameInstant, closesAt: GameInstant) {
        self.at = at
        self.sequence = sequence
        self.deadline = deadline
        self.closesAt = closesAt
    }
}

extension AnswersReopened: RoomEventPayload {
    package static let wireName = "answers_reopened"
    package var event: RoomEvent { .answersReopened(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence, let closedAt = room.asked[last].closedAt else { return }
        // Closed early, the window ended at the close; the time closed is a stoppage like a pause.
        room.asked[last].stoppages.append(Stoppage(start: min(closedAt, room.asked[last].deadline), end: max(at, closedAt)))
        room.asked[last].closedAt = nil
        room.asked[last].closeReason = nil
        room.asked[last].deadline = deadline
        room.asked[last].closesAt = closesAt
        room.setPhase(.open, at: at)
    }

    package func logProblem(in room: Room) -> String? {
        guard InputBounds.instant.contains(deadline), InputBounds.instant.contains(closesAt) else { return "its deadline is outside 1970 to 9999" }
        return nil
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    /// Rare and drastic: every screen starts again from the whole state, as after a reload.
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .states) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, deadline: at + 10_000, closesAt: at + 10_500)] }
}
