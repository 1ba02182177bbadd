import BuzzerGame

/// To a team's members: the team's stake on a wager question, and who placed it.
package struct TeamWagerPayload: Encodable, Sendable, Equatable { var question: Int; var amount: Int; var by: String }

extension TeamWagerPayload: ServerMessageBody {
    package static let wireName = "team_wager"
}

extension ServerMessage {
    package static func teamWager(_ body: TeamWagerPayload) -> ServerMessage { ServerMessage(body) }
}
