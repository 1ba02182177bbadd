import BuzzerGame

/// `leaderboard`, to everyone: the standings between questions, or the final ones.
package struct LeaderboardPayload: Encodable, Sendable, Equatable {
    package var final: Bool
    /// The top of the standings only (`GameContext.leaderboardSize`).
    package var players: [PlayerStanding]
    package var teams: [TeamStanding]
    /// How many players are ranked in the whole room, for "Top 8 of 500": `players` is cut short.
    package var total: Int
}

extension LeaderboardPayload: ServerMessageBody {
    package static let wireName = "leaderboard"
}

extension ServerMessage {
    package static func leaderboard(_ body: LeaderboardPayload) -> ServerMessage { ServerMessage(body) }
}
