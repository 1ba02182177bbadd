import BuzzerGame

/// The answer to `peek`: enough for the join form. `teams` only when the host set a list.
package struct RoomInfoPayload: Encodable, Sendable, Equatable {
    package var code: String
    package var title: String
    package var phase: RoomPhase
    package var teams: [String]?
    /// The room's own name limits, so the join form counts against them rather than the server's defaults.
    package var nicknameMaxLength: Int
    package var teamNameMaxLength: Int
}

extension RoomInfoPayload: ServerMessageBody {
    package static let wireName = "room_info"
}

extension ServerMessage {
    package static func roomInfo(_ body: RoomInfoPayload) -> ServerMessage { ServerMessage(body) }
}
