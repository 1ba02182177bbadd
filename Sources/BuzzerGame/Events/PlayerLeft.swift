/// A player left the game (`leave`): their token stops working; their points stay.
package struct PlayerLeft: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID

    package init(at: GameInstant, player: PlayerID) {
        self.at = at
        self.player = player
    }
}

extension PlayerLeft: RoomEventPayload {
    package static let wireName = "player_left"
    package var event: RoomEvent { .playerLeft(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player], record.status == .connected || record.status == .away else { return }
        if record.status == .connected { room.connectedCount -= 1 }
        record.status = .left
        record.awaySince = nil
        room.playerByTokenHash[record.resumeTokenHash] = nil
        if let older = record.previousResumeTokenHash { room.playerByTokenHash[older] = nil }
        room.players[player] = record
        room.activeCount -= 1
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// The host's "not answered yet" drops one who left.
    package var publisherReaction: PublisherReaction { PublisherReaction([.lobby, .players, .answerCount]) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1))] }
}
