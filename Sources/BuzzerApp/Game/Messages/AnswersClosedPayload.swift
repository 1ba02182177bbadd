import BuzzerGame

/// `answers_closed`: the current question takes no more answers, and why.
package struct AnswersClosedPayload: Encodable, Sendable, Equatable { var question: Int; var reason: CloseReason }

extension AnswersClosedPayload: ServerMessageBody {
    package static let wireName = "answers_closed"
}

extension ServerMessage {
    package static func answersClosed(_ body: AnswersClosedPayload) -> ServerMessage { ServerMessage(body) }
}
