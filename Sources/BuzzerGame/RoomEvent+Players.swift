// Players and teams: joining, leaving, names, and the host's team housekeeping.

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

package struct PlayerDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID

    package init(at: GameInstant, player: PlayerID) {
        self.at = at
        self.player = player
    }
}

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

package struct PlayerLeft: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID

    package init(at: GameInstant, player: PlayerID) {
        self.at = at
        self.player = player
    }
}

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

/// The host moved a player to another team (`team` nil: to no team).
package struct PlayerMoved: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var player: PlayerID
    package var team: TeamID?

    package init(at: GameInstant, player: PlayerID, team: TeamID?) {
        self.at = at
        self.player = player
        self.team = team
    }
}
