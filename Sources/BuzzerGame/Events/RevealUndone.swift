/// The host took a reveal back before moving on: the question is closed and unscored again.
package struct RevealUndone: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

extension RevealUndone: RoomEventPayload {
    package static let wireName = "reveal_undone"
    package var event: RoomEvent { .revealUndone(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence, room.asked[last].isRevealed else { return }
        room.asked[last].revealedAt = nil
        room.asked[last].awards = PlayerMap()
        room.asked[last].teamAwards = [:]
        room.setPhase(.closed, at: at)
        room.recomputeScores()
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .states) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0)] }
}
