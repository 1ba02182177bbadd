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

extension TiebreakStarted: RoomEventPayload {
    package static let wireName = "tiebreak_started"
    package var event: RoomEvent { .tiebreakStarted(self) }

    package func apply(to room: inout Room) {
        guard number == room.tiebreaks.count else { return }
        room.tiebreaks.append(Tiebreak(
            number: number, text: text, answer: answer,
            competitors: players.map(Competitor.player) + teams.map(Competitor.team),
            startedAt: at, deadline: deadline, closesAt: closesAt))
        room.setPhase(.tiebreak, at: at)
    }

    package func logProblem(in room: Room) -> String? {
        guard InputBounds.isPlayableNumber(answer) else { return "its answer \(answer) is out of range" }
        guard players.count + teams.count <= InputBounds.maxListedIDs else { return "it names too many competitors" }
        guard InputBounds.instant.contains(deadline), InputBounds.instant.contains(closesAt) else { return "its deadline is outside 1970 to 9999" }
        return nil
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .tiebreak) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, number: 1, text: "How tall?", answer: 330, players: [PlayerID(1)], teams: [TeamID(1)], deadline: at + 20_000, closesAt: at + 20_500)]
    }
}
