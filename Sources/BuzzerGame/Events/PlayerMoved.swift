/// The host moved a player to another team (`team` nil: to no team).
package struct PlayerMoved: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    package var team: TeamID?

    package init(at: GameInstant, player: PlayerID, team: TeamID?) {
        self.at = at
        self.player = player
        self.team = team
    }
}

extension PlayerMoved: RoomEventPayload {
    package static let wireName = "player_moved"
    package var event: RoomEvent { .playerMoved(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player], record.status != .kicked else { return }
        if let team, room.teams[team]?.mergedInto != nil || room.teams[team] == nil { return }
        // Their own points go with them; team-owned points (stakes, adjustments) stay.
        record.team = team
        room.players[player] = record
    }

    package var hostEventKind: HostEventKind? { .renames }
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .playerMoved(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1), team: TeamID(2))] }
}
