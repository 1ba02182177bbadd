/// The host merged a survey's answer group `from` into `into` (both group keys, `SurveyKind.groupKey`).
package struct AnswersMerged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var from: String
    package var into: String

    package init(at: GameInstant, sequence: Int, from: String, into: String) {
        self.at = at
        self.sequence = sequence
        self.from = from
        self.into = into
    }
}

extension AnswersMerged: ExtensionEvent {
    package static let wireName = "answers_merged"

    package func apply(to room: inout Room) {
        guard room.asked.indices.contains(sequence) else { return }
        room.asked[sequence].updateKindState(AnswerMerges.self) { $0.merge(from: from, into: into) }
        if room.asked[sequence].isRevealed { room.recomputeScores() }
    }

    package func logProblem(in room: Room) -> String? {
        guard from.utf8.count <= InputBounds.Bytes.text, into.utf8.count <= InputBounds.Bytes.text else {
            return "it names a group longer than \(InputBounds.Bytes.text) bytes"
        }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// The host's `waiting` carries the groups.
    package var publisherReaction: PublisherReaction { PublisherReaction(.answerCount) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, from: "paris", into: "rome")] }
}
