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

extension TiebreakAnswered: RoomEventPayload {
    package static let wireName = "tiebreak_answered"
    package var event: RoomEvent { .tiebreakAnswered(self) }

    package func apply(to room: inout Room) {
        guard let last = room.tiebreaks.indices.last, room.tiebreaks[last].number == number else { return }
        let competitor: Competitor = team.map(Competitor.team) ?? .player(player)
        guard room.tiebreaks[last].answers[competitor] == nil else { return }
        room.tiebreaks[last].answers[competitor] = TiebreakAnswer(player: player, value: value, responseMs: responseMs)
    }

    package func logProblem(in room: Room) -> String? {
        guard InputBounds.isPlayableNumber(value) else { return "its answer \(value) is out of range" }
        guard InputBounds.duration.contains(responseMs) else { return "its response time \(responseMs) ms is out of range" }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .tiebreakAck(self)) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, number: 1, player: PlayerID(1), team: TeamID(1), value: 320, responseMs: 900)]
    }
}
