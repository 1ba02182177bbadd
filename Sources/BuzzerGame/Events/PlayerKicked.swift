/// The host removed a player (and with `ban`, their name and device for good).
package struct PlayerKicked: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    /// Also ban the player's name and device id from joining again.
    package var ban: Bool
    /// What the host told the player (absent in logs written before it existed).
    package var reason: String?

    package init(at: GameInstant, player: PlayerID, ban: Bool, reason: String? = nil) {
        self.at = at
        self.player = player
        self.ban = ban
        self.reason = reason
    }
}

extension PlayerKicked: RoomEventPayload {
    package static let wireName = "player_kicked"
    package var event: RoomEvent { .playerKicked(self) }

    package func apply(to room: inout Room) {
        guard var record = room.players[player], record.status != .kicked else { return }
        if record.status == .connected { room.connectedCount -= 1 }
        if record.status != .left { room.activeCount -= 1 }
        record.status = .kicked
        record.awaySince = nil
        room.playerByTokenHash[record.resumeTokenHash] = nil
        if let older = record.previousResumeTokenHash { room.playerByTokenHash[older] = nil }
        let keys = NameSkeleton(record.nickname).keys
        // A log written before look-alikes were refused may hold two of them: free only this player's.
        for key in keys where room.playerByNameKey[key] == player { room.playerByNameKey[key] = nil }
        if ban {
            room.bannedNameKeys.formUnion(keys)
            if let device = record.deviceID { room.bannedDeviceIDs.insert(device) }
        }
        room.players[player] = record
        room.recomputeScores()
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([.lobby, .players, .answerCount], .kicked(self)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, player: PlayerID(1), ban: true, reason: "rude")] }
}
