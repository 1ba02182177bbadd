/// A player's answer to the current question, with its measured response time. Its codec is in
/// BuzzerGameJSON (`RoomEvent+Payloads.swift`), beside the answer's.
package struct AnswerRecorded: Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    /// In pack option indices (unshuffled).
    package var answer: AnswerValue
    /// Measured response time (see docs/game-rules.md), stored so replay needs no clock.
    package var responseMs: GameDuration

    package init(at: GameInstant, sequence: Int, player: PlayerID, answer: AnswerValue, responseMs: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.answer = answer
        self.responseMs = responseMs
    }
}

extension AnswerRecorded: RoomEventPayload {
    package static let wireName = "answer_recorded"
    package var event: RoomEvent { .answerRecorded(self) }

    /// The answer path: no allocation beyond the answer's own record.
    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence, let record = room.players[player] else { return }
        let textKey = room.kind(ofAskedAt: last).module.comparisonKey(answer)
        let team = record.team
        room.asked[last].answers[player] = RecordedAnswer(value: answer, responseMs: responseMs, receivedAt: at, textKey: textKey, team: team)
        if room.settings.teamMode, let team, room.asked[last].teamAnswers[team] == nil { room.asked[last].teamAnswers[team] = player }
    }

    package func logProblem(in room: Room) -> String? {
        guard InputBounds.duration.contains(responseMs) else { return "its response time \(responseMs) ms is out of range" }
        if let current = room.currentQuestion, current.sequence == sequence, let problem = Room.problem(answer, for: room.question(current)) {
            return problem
        }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.answerCount, .answerAck(self)) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, sequence: 0, player: PlayerID(1), answer: .text("the beatles"), responseMs: 7)]
    }
}
