/// The host renamed a team ("Owls" to "The Owls").
package struct TeamRenamed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var team: TeamID
    package var name: String

    package init(at: GameInstant, team: TeamID, name: String) {
        self.at = at
        self.team = team
        self.name = name
    }
}

extension TeamRenamed: RoomEventPayload {
    package static let wireName = "team_renamed"
    package var event: RoomEvent { .teamRenamed(self) }

    package func apply(to room: inout Room) {
        guard var record = room.teams[team], record.mergedInto == nil else { return }
        for key in NameSkeleton(record.name).keys where room.teamByNameKey[key] == team { room.teamByNameKey[key] = nil }
        for key in NameSkeleton(name).keys { room.teamByNameKey[key] = team }
        record.name = name
        record.nameKey = TextNormalizer.fold(name)
        room.teams[team] = record
    }

    package var hostEventKind: HostEventKind? { .renames }
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .teamRenamed(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, team: TeamID(1), name: "Larks")] }
}
