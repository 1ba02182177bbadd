/// The host changed a player's nickname (an offensive one, usually); the player is told.
package struct PlayerRenamed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    package var nickname: String

    package init(at: GameInstant, player: PlayerID, nickname: String) {
        self.at = at
        self.player = player
        self.nickname = nickname
    }
}

extension PlayerRenamed: RoomEventPayload {
    package static let wireName = "player_renamed"
    package var event: RoomEvent { .playerRenamed(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player], record.status != .kicked else { return }
        for key in NameSkeleton(record.nickname).keys where room.playerByNameKey[key] == player { room.playerByNameKey[key] = nil }
        for key in NameSkeleton(nickname).keys { room.playerByNameKey[key] = player }
        record.nickname = nickname
        room.players[player] = record
    }

    package var hostEventKind: HostEventKind? { .renames }
    package var publisherReaction: PublisherReaction { PublisherReaction([.players, .answerCount], .renamed(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1), nickname: "Ada L")] }
}
