import BuzzerGame

/// `answer_count`, to the host and the displays (coalesced like `lobby`): answers in so far.
package struct AnswerCountPayload: Encodable, Sendable, Equatable { var question: Int; var answered: Int; var connected: Int }

extension AnswerCountPayload: ServerMessageBody {
    package static let wireName = "answer_count"
}

extension ServerMessage {
    package static func answerCount(_ body: AnswerCountPayload) -> ServerMessage { ServerMessage(body) }
}
