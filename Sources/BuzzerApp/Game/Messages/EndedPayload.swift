import BuzzerGame

/// `ended`, to everyone: the game is over, with its podium and the top of the standings.
package struct EndedPayload: Encodable, Sendable, Equatable {
    package var reason: EndReason
    package var podium: Standings
    package var players: [PlayerStanding]
    package var teams: [TeamStanding]
}

extension EndedPayload: ServerMessageBody {
    package static let wireName = "ended"
}

extension ServerMessage {
    package static func ended(_ body: EndedPayload) -> ServerMessage { ServerMessage(body) }
}
