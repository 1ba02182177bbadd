import BuzzerGame

/// `lobby`, to everyone, at most every `rooms.lobbyUpdateMilliseconds`: the room before the game.
package struct LobbyPayload: Encodable, Sendable, Equatable {
    package var title: String
    package var playerCount: Int
    package var locked: Bool
    package var hostConnected: Bool
}

extension LobbyPayload: ServerMessageBody {
    package static let wireName = "lobby"
}

extension ServerMessage {
    package static func lobby(_ body: LobbyPayload) -> ServerMessage { ServerMessage(body) }
}
