/// The question's answer is shown and it is scored.
package struct QuestionRevealed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    /// Standings after this question was scored, as the live room computed them; absent in
    /// logs written before it was recorded. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, sequence: Int, standings: RecordedStandings? = nil) {
        self.at = at
        self.sequence = sequence
        self.standings = standings
    }
}

extension QuestionRevealed: RoomEventPayload {
    package static let wireName = "question_revealed"
    package var event: RoomEvent { .questionRevealed(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last else { return }
        room.asked[last].revealedAt = at
        room.asked[last].wasRevealed = true
        if room.settings.teamMode {
            var members: [PlayerID: TeamID] = [:]
            for player in room.players.values where player.isRanked { if let team = player.team { members[player.id] = team } }
            room.asked[last].memberTeams = members
        }
        room.setPhase(.revealed, at: at)
        room.scoreReveal(of: last)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// Scores moved: the host's and the projector's player lists follow.
    package var publisherReaction: PublisherReaction { PublisherReaction(.players, .reveal(self)) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, sequence: 0, standings: RecordedStandings(players: [RecordedScore(id: 1, score: 3, rank: 1)], teams: [RecordedScore(id: 1, score: 3, rank: 1)]))]
    }
}
