/// The host moved a player's or a team's score by `delta`, with a reason.
package struct ScoreAdjusted: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// Exactly one of `player` and `team` is set.
    package var player: PlayerID?
    package var team: TeamID?
    package var delta: Int
    package var reason: String

    package init(at: GameInstant, player: PlayerID? = nil, team: TeamID? = nil, delta: Int, reason: String) {
        self.at = at
        self.player = player
        self.team = team
        self.delta = delta
        self.reason = reason
    }
}

extension ScoreAdjusted: RoomEventPayload {
    package static let wireName = "score_adjusted"
    package var event: RoomEvent { .scoreAdjusted(self) }
    package func apply(to room: inout Room) { room.applyAdjustment(self) }

    package func logProblem(in room: Room) -> String? {
        InputBounds.adjustment.contains(delta) ? nil : "its change \(delta) is out of range"
    }

    package var hostEventKind: HostEventKind? { .scoreAdjustments }
    package var publisherReaction: PublisherReaction { PublisherReaction(.players, .figures(scores: true)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1), team: TeamID(1), delta: 2, reason: "best name")] }
}
