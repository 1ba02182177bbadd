/// The host accepted a typed answer as right (`text` as typed); every question's scores follow.
package struct AnswerAccepted: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var text: String

    package init(at: GameInstant, sequence: Int, text: String) {
        self.at = at
        self.sequence = sequence
        self.text = text
    }
}

extension AnswerAccepted: RoomEventPayload {
    package static let wireName = "answer_accepted"
    package var event: RoomEvent { .answerAccepted(self) }

    package func apply(to room: inout Room) {
        guard room.asked.indices.contains(sequence) else { return }
        room.asked[sequence].acceptedExtra.append(text)
        room.recomputeScores()
    }

    package var hostEventKind: HostEventKind? { .acceptedAnswers }
    package var publisherReaction: PublisherReaction { PublisherReaction(.players, .rulingChanged(sequence: sequence)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, text: "Beatles")] }
}
