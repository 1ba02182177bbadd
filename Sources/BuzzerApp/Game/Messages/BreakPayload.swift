import BuzzerGame

/// The room went on a break between rounds, or the host moved its countdown: everyone gets the whole slide.
package struct BreakPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var `break`: RoomBreak
}

extension BreakPayload: ServerMessageBody {
    package static let wireName = "break"
}

extension ServerMessage {
    package static func breakShown(_ body: BreakPayload) -> ServerMessage { ServerMessage(body) }
}
