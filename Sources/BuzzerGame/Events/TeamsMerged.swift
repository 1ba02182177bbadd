/// The host merged team `from` into `into`: its members, its own points and its name go there.
package struct TeamsMerged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var from: TeamID
    package var into: TeamID

    package init(at: GameInstant, from: TeamID, into: TeamID) {
        self.at = at
        self.from = from
        self.into = into
    }
}

extension TeamsMerged: RoomEventPayload {
    package static let wireName = "teams_merged"
    package var event: RoomEvent { .teamsMerged(self) }

    package func apply(to room: inout Room) {
        guard let source = room.teams[from], source.mergedInto == nil, room.teams[into]?.mergedInto == nil, from != into else { return }
        room.teams[from]!.mergedInto = into
        // Its name now leads to the team it joined: a late "Owls" lands in "The Owls".
        for key in NameSkeleton(source.name).keys where room.teamByNameKey[key] == from { room.teamByNameKey[key] = into }
        let (from, into) = (from, into)
        room.players.updateEach { _, player in if player.team == from { player.team = into } }
        room.recomputeScores()
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .teamsMerged(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, from: TeamID(2), into: TeamID(1))] }
}
