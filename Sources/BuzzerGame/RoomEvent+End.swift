// The end of a game: tiebreaks and the room ending.

/// The host started a tiebreak for competitors tied on the final leaderboard.
package struct TiebreakStarted: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var text: String
    package var answer: Double
    package var players: [PlayerID]
    package var teams: [TeamID]
    package var deadline: GameInstant
    package var closesAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, number, text, answer, players, teams, deadline, closesAt = "closes_at" }

    package init(at: GameInstant, number: Int, text: String, answer: Double, players: [PlayerID], teams: [TeamID], deadline: GameInstant, closesAt: GameInstant) {
        self.at = at
        self.number = number
        self.text = text
        self.answer = answer
        self.players = players
        self.teams = teams
        self.deadline = deadline
        self.closesAt = closesAt
    }
}

/// A tied player's (or a tied team member's) number.
package struct TiebreakAnswered: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var player: PlayerID
    /// Set when the player answers for a tied team.
    package var team: TeamID?
    package var value: Double
    package var responseMs: GameDuration
    private enum CodingKeys: String, CodingKey { case at, number, player, team, value, responseMs = "response_ms" }

    package init(at: GameInstant, number: Int, player: PlayerID, team: TeamID? = nil, value: Double, responseMs: GameDuration) {
        self.at = at
        self.number = number
        self.player = player
        self.team = team
        self.value = value
        self.responseMs = responseMs
    }
}

/// The tiebreak is over: the places follow from its answers, and the final leaderboard is back.
package struct TiebreakEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var reason: TiebreakEndReason

    package init(at: GameInstant, number: Int, reason: TiebreakEndReason) {
        self.at = at
        self.number = number
        self.reason = reason
    }
}

package struct RoomEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var reason: EndReason
    /// Final standings as the live room computed them; absent in older logs. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, reason: EndReason, standings: RecordedStandings? = nil) {
        self.at = at
        self.reason = reason
        self.standings = standings
    }
}
