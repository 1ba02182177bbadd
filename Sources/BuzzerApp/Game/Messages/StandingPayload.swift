import BuzzerGame

/// `standing`, to each player with every `leaderboard` and `ended`: their own place.
package struct StandingPayload: Encodable, Sendable, Equatable {
    package var rank: Int?
    package var score: Int
    package var players: Int
    package var teamRank: Int?
}

extension StandingPayload: ServerMessageBody {
    package static let wireName = "standing"
}

extension ServerMessage {
    package static func standing(_ body: StandingPayload) -> ServerMessage { ServerMessage(body) }
}
