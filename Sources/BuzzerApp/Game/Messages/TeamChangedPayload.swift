import BuzzerGame

/// The host renamed, merged or moved this player's team: the team it is now (nil: none).
package struct TeamChangedPayload: Encodable, Sendable, Equatable { var team: String? }

extension TeamChangedPayload: ServerMessageBody {
    package static let wireName = "team_changed"
}

extension ServerMessage {
    package static func teamChanged(_ body: TeamChangedPayload) -> ServerMessage { ServerMessage(body) }
}
