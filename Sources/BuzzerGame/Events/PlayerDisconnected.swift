/// A player's connection dropped: away until they resume.
package struct PlayerDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID

    package init(at: GameInstant, player: PlayerID) {
        self.at = at
        self.player = player
    }
}

extension PlayerDisconnected: RoomEventPayload {
    package static let wireName = "player_disconnected"
    package var event: RoomEvent { .playerDisconnected(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player], record.status == .connected else { return }
        record.status = .away
        record.awaySince = at
        room.players[player] = record
        room.connectedCount -= 1
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// The host's "not answered yet" marks a drop.
    package var publisherReaction: PublisherReaction { PublisherReaction([.lobby, .players, .answerCount]) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1))] }
}
