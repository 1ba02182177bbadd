/// Whether a player's phone is with us.
package enum PlayerStatus: String, Codable, Sendable, Equatable {
    case connected
    /// Disconnected; may resume within the resume grace.
    case away
    /// Left on purpose; stays on the scoreboard, cannot resume.
    case left
    /// Removed by the host; off the scoreboard, cannot resume.
    case kicked
}

/// One player in a room. Score fields are derived from the room's events by
/// `Room.recomputeScores()`, never set directly.
package struct Player: Sendable, Equatable {
    package var id: PlayerID
    package var nickname: String
    /// `TextNormalizer.fold(nickname)`: what standings break ties by (as in every archived game).
    /// Uniqueness and bans compare `NameSkeleton` keys instead.
    package var nameKey: String
    package var team: TeamID?
    /// Opaque device identifier from the app (for bans); nil if the client sent none.
    package var deviceID: String?
    /// Hash of the secret resume token; the token itself never enters the domain.
    package var resumeTokenHash: String
    /// The token a resume replaced. It still resumes, once: the server may have logged a rotation
    /// whose reply never reached the phone (the server died, the Wi-Fi dropped), and the phone then
    /// only has this one. The next rotation forgets it.
    package var previousResumeTokenHash: String?
    package var joinedAt: GameInstant
    /// Sequence number of the first question this player could answer.
    package var firstQuestion: Int
    package var status: PlayerStatus = .connected
    package var awaySince: GameInstant?

    package var score = 0
    package var streak = 0
    package var correctCount = 0

    /// Counts on the scoreboard and in team standings.
    package var isRanked: Bool { status != .kicked }
}

/// A team, created by the first player who names it.
package struct Team: Sendable, Equatable {
    package var id: TeamID
    package var name: String
    package var nameKey: String
    /// Wager results and host adjustments made to the team itself (derived).
    package var bonus = 0
    /// The team the host merged this one into: it is gone from every list, its name leads there.
    package var mergedInto: TeamID?
}

/// Who stakes points in a wager round: a team, or a player without a team.
package enum Competitor: Hashable, Sendable {
    case player(PlayerID)
    case team(TeamID)
}
