import BuzzerGame

/// `answer_ack`, to the player who answered: it is in, and `durable` once its line is logged.
package struct AnswerAckPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var durable: Bool
    /// What was locked in, as the player saw the options. Not called `answer`: that word is the
    /// right answer's, which no player message may carry before the reveal (the leak tests look for it).
    package var lockedIn: AnswerValue? = nil
}

extension AnswerAckPayload: ServerMessageBody {
    package static let wireName = "answer_ack"
}

extension ServerMessage {
    package static func answerAck(_ body: AnswerAckPayload) -> ServerMessage { ServerMessage(body) }
}
