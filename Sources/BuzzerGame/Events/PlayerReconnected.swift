/// A player is back: resumed with their token, or joined again from the same device.
package struct PlayerReconnected: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    /// The hash of the token the player will use next time (the app may rotate tokens on resume).
    package var resumeTokenHash: String
    private enum CodingKeys: String, CodingKey { case at, player, resumeTokenHash = "resume_token_hash" }

    package init(at: GameInstant, player: PlayerID, resumeTokenHash: String) {
        self.at = at
        self.player = player
        self.resumeTokenHash = resumeTokenHash
    }
}

extension PlayerReconnected: RoomEventPayload {
    package static let wireName = "player_reconnected"
    package var event: RoomEvent { .playerReconnected(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player] else { return }
        if record.status != .connected { room.connectedCount += 1 }
        // A player who left and joined again from the same device (`decideJoin`).
        if record.status == .left { room.activeCount += 1 }
        record.status = .connected
        record.awaySince = nil
        if resumeTokenHash != record.resumeTokenHash {
            if let older = record.previousResumeTokenHash { room.playerByTokenHash[older] = nil }
            record.previousResumeTokenHash = record.resumeTokenHash
            record.resumeTokenHash = resumeTokenHash
            room.playerByTokenHash[resumeTokenHash] = player
        }
        room.players[player] = record
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([.lobby, .players, .answerCount]) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1), resumeTokenHash: "r2")] }
}
