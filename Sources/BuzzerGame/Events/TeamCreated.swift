/// A team a player made when joining (or, ids 1...n, the host's list at creation).
package struct TeamCreated: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var team: TeamID
    package var name: String

    package init(at: GameInstant, team: TeamID, name: String) {
        self.at = at
        self.team = team
        self.name = name
    }
}

extension TeamCreated: RoomEventPayload {
    package static let wireName = "team_created"
    package var event: RoomEvent { .teamCreated(self) }
    package func apply(to room: inout Room) { room.addTeam(team, name: name) }
    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { .none }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, team: TeamID(1), name: "Owls")] }
}
