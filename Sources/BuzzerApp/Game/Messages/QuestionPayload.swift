import BuzzerGame

/// `question`, to everyone at once (one encoding shared by the players and the displays).
package struct QuestionPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var question: QuestionView
    /// Host only.
    package var correct: RevealedAnswer?
    package var explanation: String?
}

extension QuestionPayload: ServerMessageBody {
    package static let wireName = "question"
}

extension ServerMessage {
    package static func question(_ body: QuestionPayload) -> ServerMessage { ServerMessage(body) }
}
