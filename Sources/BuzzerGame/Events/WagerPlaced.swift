/// A stake on a wager round's question, placed while it is read.
package struct WagerPlaced: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    /// Who placed it; the stake belongs to `team` when set, else to this player.
    package var player: PlayerID
    package var team: TeamID?
    package var amount: Int

    package var competitor: Competitor { team.map(Competitor.team) ?? .player(player) }

    package init(at: GameInstant, sequence: Int, player: PlayerID, team: TeamID? = nil, amount: Int) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.team = team
        self.amount = amount
    }
}

extension WagerPlaced: RoomEventPayload {
    package static let wireName = "wager_placed"
    package var event: RoomEvent { .wagerPlaced(self) }

    package func apply(to room: inout Room) {
        guard let last = room.asked.indices.last, room.asked[last].sequence == sequence else { return }
        room.asked[last].wagers[competitor] = amount
        if room.asked[last].wagerBy[competitor] == nil { room.asked[last].wagerBy[competitor] = player }
    }

    package func logProblem(in room: Room) -> String? {
        InputBounds.wager.contains(amount) ? nil : "its stake \(amount) is out of range"
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// The host's list of stakes; a team's stake to every member.
    package var publisherReaction: PublisherReaction { PublisherReaction(.waiting, .teamWager(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), amount: 2)] }
}
