import BuzzerGame

/// What the room's mechanics show under the current question now (a hint shown), and to the host
/// the console's buttons with their counts (docs/mechanics.md).
package struct QuestionNotesPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var notes: [QuestionNote]
    package var actions: [MechanicAction]?
}

extension QuestionNotesPayload: ServerMessageBody {
    package static let wireName = "question_notes"
}

extension ServerMessage {
    package static func questionNotes(_ body: QuestionNotesPayload) -> ServerMessage { ServerMessage(body) }
}
