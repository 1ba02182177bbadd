import BuzzerGame

/// `answers_open`: the current question takes answers until `deadline`.
package struct AnswersOpenPayload: Encodable, Sendable, Equatable { var question: Int; var serverTime: GameInstant; var deadline: GameInstant }

extension AnswersOpenPayload: ServerMessageBody {
    package static let wireName = "answers_open"
}

extension ServerMessage {
    package static func answersOpen(_ body: AnswersOpenPayload) -> ServerMessage { ServerMessage(body) }
}
