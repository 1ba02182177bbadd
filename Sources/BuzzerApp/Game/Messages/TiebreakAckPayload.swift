import BuzzerGame

/// The tiebreak answer is in (to the player who gave it, and to their tied team's other members).
package struct TiebreakAckPayload: Encodable, Sendable, Equatable { var number: Int; var value: Double; var by: String }

extension TiebreakAckPayload: ServerMessageBody {
    package static let wireName = "tiebreak_ack"
}

extension ServerMessage {
    package static func tiebreakAck(_ body: TiebreakAckPayload) -> ServerMessage { ServerMessage(body) }
}
