/// The next question is on screen: which one, its option order, and when answers open, are due and close.
package struct QuestionShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var round: Int
    package var index: Int
    package var opensAt: GameInstant
    package var deadline: GameInstant
    package var closesAt: GameInstant
    package var permutation: [Int]
    private enum CodingKeys: String, CodingKey {
        case at, sequence, round, index, opensAt = "opens_at", deadline, closesAt = "closes_at", permutation
    }

    package init(at: GameInstant, sequence: Int, round: Int, index: Int, opensAt: GameInstant, deadline: GameInstant, closesAt: GameInstant, permutation: [Int]) {
        self.at = at
        self.sequence = sequence
        self.round = round
        self.index = index
        self.opensAt = opensAt
        self.deadline = deadline
        self.closesAt = closesAt
        self.permutation = permutation
    }
}

extension QuestionShown: RoomEventPayload {
    package static let wireName = "question_shown"
    package var event: RoomEvent { .questionShown(self) }

    package func apply(to room: inout Room) {
        room.asked.append(AskedQuestion(
            sequence: sequence, round: round, index: index, shownAt: at, opensAt: opensAt,
            deadline: deadline, closesAt: closesAt, permutation: permutation,
            kindSlot: KindStateSlot(room.pack.rounds[round].questions[index].kind.module.questionState(room.pack.rounds[round].questions[index].content))))
        room.roomBreak = nil
        room.setPhase(.reading, at: at)
    }

    package func logProblem(in room: Room) -> String? {
        guard sequence == room.asked.count else { return "question \(sequence) is shown after \(room.asked.count) questions" }
        guard room.pack.rounds.indices.contains(round), room.pack.rounds[round].questions.indices.contains(index) else {
            return "the pack has no question \(index) in round \(round)"
        }
        let count = room.pack.rounds[round].questions[index].content.options.count
        guard permutation.sorted() == Array(0..<count) else { return "its option order is not one of the question's \(count) options" }
        guard opensAt >= at, deadline >= opensAt, closesAt >= deadline, closesAt.minus(at) <= InputBounds.duration.upperBound else {
            return "its timing is implausible (shown \(at), opens \(opensAt), deadline \(deadline), closes \(closesAt))"
        }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .question) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, sequence: 0, round: 0, index: 0, opensAt: at + 50, deadline: at + 20_050, closesAt: at + 20_550, permutation: [1, 0])]
    }
}
