/// The host took back an answer it had accepted (`text` as it was accepted).
package struct AnswerRejected: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var text: String

    package init(at: GameInstant, sequence: Int, text: String) {
        self.at = at
        self.sequence = sequence
        self.text = text
    }
}

extension AnswerRejected: RoomEventPayload {
    package static let wireName = "answer_rejected"
    package var event: RoomEvent { .answerRejected(self) }

    package func apply(to room: inout Room) {
        guard room.asked.indices.contains(sequence) else { return }
        let key = TextNormalizer.answerKey(text)
        room.asked[sequence].acceptedExtra.removeAll { TextNormalizer.answerKey($0) == key }
        room.recomputeScores()
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.players, .rulingChanged(sequence: sequence)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, text: "Beatles")] }
}
