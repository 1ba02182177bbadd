/// A player joined: their id (join order, from 1), name, team and device, and the hash of their resume token.
package struct PlayerJoined: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    package var nickname: String
    package var team: TeamID?
    package var deviceID: String?
    package var resumeTokenHash: String
    package var firstQuestion: Int
    private enum CodingKeys: String, CodingKey {
        case at, player, nickname, team, deviceID = "device_id", resumeTokenHash = "resume_token_hash", firstQuestion = "first_question"
    }

    package init(at: GameInstant, player: PlayerID, nickname: String, team: TeamID? = nil, deviceID: String? = nil, resumeTokenHash: String, firstQuestion: Int) {
        self.at = at
        self.player = player
        self.nickname = nickname
        self.team = team
        self.deviceID = deviceID
        self.resumeTokenHash = resumeTokenHash
        self.firstQuestion = firstQuestion
    }
}

extension PlayerJoined: RoomEventPayload {
    package static let wireName = "player_joined"
    package var event: RoomEvent { .playerJoined(self) }

    package func apply(to room: inout Room) {
        // Ids are handed out in join order from 1 (`decideJoin`); a log that says otherwise is not this room's.
        guard player.rawValue == room.players.count + 1 else { return }
        room.players[player] = Player(
            id: player, nickname: nickname, nameKey: TextNormalizer.fold(nickname), team: team, deviceID: deviceID,
            resumeTokenHash: resumeTokenHash, joinedAt: at, firstQuestion: firstQuestion)
        for key in NameSkeleton(nickname).keys { room.playerByNameKey[key] = player }
        room.playerByTokenHash[resumeTokenHash] = player
        room.connectedCount += 1
        room.activeCount += 1
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([.lobby, .players]) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, player: PlayerID(1), nickname: "Ada", team: TeamID(1), deviceID: "dev-ada", resumeTokenHash: "r", firstQuestion: 0)]
    }
}
