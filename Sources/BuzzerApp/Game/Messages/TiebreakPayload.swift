import BuzzerGame

/// A tiebreak started (or more of its answers are in): everyone gets it; the host's copy has `answer`.
package struct TiebreakPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var tiebreak: TiebreakView
    package var answer: Double?
}

extension TiebreakPayload: ServerMessageBody {
    package static let wireName = "tiebreak"
}

extension ServerMessage {
    package static func tiebreak(_ body: TiebreakPayload) -> ServerMessage { ServerMessage(body) }
}
