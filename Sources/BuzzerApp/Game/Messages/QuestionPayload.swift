import BuzzerGame

/// `question`, to everyone at once (one encoding shared by the players and the displays).
package struct QuestionPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var question: QuestionView
    /// Host only.
    package var correct: RevealedAnswer?
    package var explanation: String?
    /// Host only: the room mechanics' buttons for this question (show a hint), when it has any.
    package var actions: [MechanicAction]?
}

extension QuestionPayload: ServerMessageBody {
    package static let wireName = "question"
}

extension ServerMessage {
    package static func question(_ body: QuestionPayload) -> ServerMessage { ServerMessage(body) }
}
