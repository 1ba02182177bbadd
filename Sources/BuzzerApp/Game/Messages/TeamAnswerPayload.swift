import BuzzerGame

/// Team mode, to the teammates of whoever answered first: the team's answer is locked in.
package struct TeamAnswerPayload: Encodable, Sendable, Equatable { var question: Int; var by: String; var lockedIn: AnswerValue }

extension TeamAnswerPayload: ServerMessageBody {
    package static let wireName = "team_answer"
}

extension ServerMessage {
    package static func teamAnswer(_ body: TeamAnswerPayload) -> ServerMessage { ServerMessage(body) }
}
