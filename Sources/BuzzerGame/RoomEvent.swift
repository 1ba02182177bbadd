/// Every state change of a room. A room is exactly the fold of its events
/// (`Room.replay`), so the JSON Lines log alone rebuilds any game. Each event encodes as
/// one flat JSON object with a snake_case `type` and snake_case fields (embedded settings
/// and packs keep their own camelCase formats), e.g.
/// `{"type":"answer_recorded","at":1700000012345,"sequence":3,"player":7,"answer":{"kind":"choice","option":1},"response_ms":4210}`.
package enum RoomEvent: Sendable, Equatable {
    case roomCreated(RoomCreated)
    case hostDisconnected(HostDisconnected)
    case hostReconnected(HostReconnected)
    case roomLockChanged(RoomLockChanged)
    case displayConnected(DisplayConnected)
    case displayDisconnected(DisplayDisconnected)
    case teamCreated(TeamCreated)
    case playerJoined(PlayerJoined)
    case playerDisconnected(PlayerDisconnected)
    case playerReconnected(PlayerReconnected)
    case playerLeft(PlayerLeft)
    case playerKicked(PlayerKicked)
    case playerRenamed(PlayerRenamed)
    case teamRenamed(TeamRenamed)
    case teamsMerged(TeamsMerged)
    case playerMoved(PlayerMoved)
    case questionShown(QuestionShown)
    case answersOpened(AnswersOpened)
    case wagerPlaced(WagerPlaced)
    case answerRecorded(AnswerRecorded)
    case answersClosed(AnswersClosed)
    case clockPaused(ClockPaused)
    case clockResumed(ClockResumed)
    case timeAdded(TimeAdded)
    case questionSkipped(QuestionSkipped)
    case answersReopened(AnswersReopened)
    case revealUndone(RevealUndone)
    case questionRevealed(QuestionRevealed)
    case answerAccepted(AnswerAccepted)
    case scoreAdjusted(ScoreAdjusted)
    case leaderboardShown(LeaderboardShown)
    case tiebreakStarted(TiebreakStarted)
    case tiebreakAnswered(TiebreakAnswered)
    case tiebreakEnded(TiebreakEnded)
    case roomEnded(RoomEnded)

    /// The stable `type` string of the event's JSON line.
    /// The `type` of a room's first and last events, for readers that tell them apart without
    /// decoding the line (recovery). Taken from `type` itself, so they cannot drift from it.
    package static let roomCreatedType = RoomEvent.roomCreated(RoomCreated(
        at: 0, code: "", seed: 0, hostTokenHash: "", settings: RoomSettings(), pack: QuestionPack(title: "", questions: []))).type
    package static let roomEndedType = RoomEvent.roomEnded(RoomEnded(at: 0, reason: .finished)).type

    package var type: String {
        switch self {
        case .roomCreated: "room_created"
        case .hostDisconnected: "host_disconnected"
        case .hostReconnected: "host_reconnected"
        case .roomLockChanged: "room_lock_changed"
        case .displayConnected: "display_connected"
        case .displayDisconnected: "display_disconnected"
        case .teamCreated: "team_created"
        case .playerJoined: "player_joined"
        case .playerDisconnected: "player_disconnected"
        case .playerReconnected: "player_reconnected"
        case .playerLeft: "player_left"
        case .playerKicked: "player_kicked"
        case .playerRenamed: "player_renamed"
        case .teamRenamed: "team_renamed"
        case .teamsMerged: "teams_merged"
        case .playerMoved: "player_moved"
        case .questionShown: "question_shown"
        case .answersOpened: "answers_opened"
        case .wagerPlaced: "wager_placed"
        case .answerRecorded: "answer_recorded"
        case .answersClosed: "answers_closed"
        case .clockPaused: "clock_paused"
        case .clockResumed: "clock_resumed"
        case .timeAdded: "time_added"
        case .questionSkipped: "question_skipped"
        case .answersReopened: "answers_reopened"
        case .revealUndone: "reveal_undone"
        case .questionRevealed: "question_revealed"
        case .answerAccepted: "answer_accepted"
        case .scoreAdjusted: "score_adjusted"
        case .leaderboardShown: "leaderboard_shown"
        case .tiebreakStarted: "tiebreak_started"
        case .tiebreakAnswered: "tiebreak_answered"
        case .tiebreakEnded: "tiebreak_ended"
        case .roomEnded: "room_ended"
        }
    }

    /// When the event happened (server wall clock, ms).
    package var at: GameInstant {
        switch self {
        case .roomCreated(let e): e.at
        case .hostDisconnected(let e): e.at
        case .hostReconnected(let e): e.at
        case .roomLockChanged(let e): e.at
        case .displayConnected(let e): e.at
        case .displayDisconnected(let e): e.at
        case .teamCreated(let e): e.at
        case .playerJoined(let e): e.at
        case .playerDisconnected(let e): e.at
        case .playerReconnected(let e): e.at
        case .playerLeft(let e): e.at
        case .playerKicked(let e): e.at
        case .playerRenamed(let e): e.at
        case .teamRenamed(let e): e.at
        case .teamsMerged(let e): e.at
        case .playerMoved(let e): e.at
        case .questionShown(let e): e.at
        case .answersOpened(let e): e.at
        case .wagerPlaced(let e): e.at
        case .answerRecorded(let e): e.at
        case .answersClosed(let e): e.at
        case .clockPaused(let e): e.at
        case .clockResumed(let e): e.at
        case .timeAdded(let e): e.at
        case .questionSkipped(let e): e.at
        case .answersReopened(let e): e.at
        case .revealUndone(let e): e.at
        case .questionRevealed(let e): e.at
        case .answerAccepted(let e): e.at
        case .scoreAdjusted(let e): e.at
        case .leaderboardShown(let e): e.at
        case .tiebreakStarted(let e): e.at
        case .tiebreakAnswered(let e): e.at
        case .tiebreakEnded(let e): e.at
        case .roomEnded(let e): e.at
        }
    }
}

/// First event of every room: everything needed to replay it, including the pack and the PRNG seed.
package struct RoomCreated: Sendable, Equatable {
    package var at: GameInstant
    package var code: String
    package var seed: UInt64
    /// SHA-256 hex of the host token (computed by the app; the token is never stored).
    package var hostTokenHash: String
    package var settings: RoomSettings
    package var pack: QuestionPack

    package init(at: GameInstant, code: String, seed: UInt64, hostTokenHash: String, settings: RoomSettings, pack: QuestionPack) {
        self.at = at
        self.code = code
        self.seed = seed
        self.hostTokenHash = hostTokenHash
        self.settings = settings
        self.pack = pack
    }
}

package struct HostDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct HostReconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct RoomLockChanged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var locked: Bool

    package init(at: GameInstant, locked: Bool) {
        self.at = at
        self.locked = locked
    }
}
package struct DisplayConnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct DisplayDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}

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

package struct QuestionShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var round: Int
    package var index: Int
    package var opensAt: GameInstant
    package var deadline: GameInstant
    package var closesAt: GameInstant
    package var permutation: [Int]
    private enum CodingKeys: String, CodingKey {
        case at, sequence, round, index, opensAt = "opens_at", deadline, closesAt = "closes_at", permutation
    }

    package init(at: GameInstant, sequence: Int, round: Int, index: Int, opensAt: GameInstant, deadline: GameInstant, closesAt: GameInstant, permutation: [Int]) {
        self.at = at
        self.sequence = sequence
        self.round = round
        self.index = index
        self.opensAt = opensAt
        self.deadline = deadline
        self.closesAt = closesAt
        self.permutation = permutation
    }
}

package struct AnswersOpened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

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

package struct AnswerRecorded: Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    /// In pack option indices (unshuffled).
    package var answer: AnswerValue
    /// Measured response time (see docs/game-rules.md), stored so replay needs no clock.
    package var responseMs: GameDuration

    package init(at: GameInstant, sequence: Int, player: PlayerID, answer: AnswerValue, responseMs: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.answer = answer
        self.responseMs = responseMs
    }
}

package struct AnswersClosed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var reason: CloseReason

    package init(at: GameInstant, sequence: Int, reason: CloseReason) {
        self.at = at
        self.sequence = sequence
        self.reason = reason
    }
}

/// An event that is only a moment in a question's life: when, and which question.
package struct QuestionMoment: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

/// The host stopped the clock: no answers, no timers, until `clock_resumed`.
package typealias ClockPaused = QuestionMoment

/// The clock runs again; the opening (if still ahead), the deadline and the close move on by
/// the pause, so nobody loses a second of answering time.
package typealias ClockResumed = QuestionMoment

/// The host gave everyone more time: the deadline and the close move by `ms`.
package struct TimeAdded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var ms: GameDuration

    package init(at: GameInstant, sequence: Int, ms: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.ms = ms
    }
}

/// The host skipped the question: it is never scored, its wagers are void, and the next step follows.
package typealias QuestionSkipped = QuestionMoment

/// The host re-opened a question closed by mistake. Answers given before still count; the time it
/// stood closed is not charged to anyone.
package struct AnswersReopened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var deadline: GameInstant
    package var closesAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, sequence, deadline, closesAt = "closes_at" }

    package init(at: GameInstant, sequence: Int, deadline: GameInstant, closesAt: GameInstant) {
        self.at = at
        self.sequence = sequence
        self.deadline = deadline
        self.closesAt = closesAt
    }
}

/// The host took a reveal back before moving on: the question is closed and unscored again.
package typealias RevealUndone = QuestionMoment

package struct QuestionRevealed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    /// Standings after this question was scored, as the live room computed them; absent in
    /// logs written before it was recorded. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, sequence: Int, standings: RecordedStandings? = nil) {
        self.at = at
        self.sequence = sequence
        self.standings = standings
    }
}

package struct AnswerAccepted: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var text: String

    package init(at: GameInstant, sequence: Int, text: String) {
        self.at = at
        self.sequence = sequence
        self.text = text
    }
}

package struct ScoreAdjusted: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// Exactly one of `player` and `team` is set.
    package var player: PlayerID?
    package var team: TeamID?
    package var delta: Int
    package var reason: String

    package init(at: GameInstant, player: PlayerID? = nil, team: TeamID? = nil, delta: Int, reason: String) {
        self.at = at
        self.player = player
        self.team = team
        self.delta = delta
        self.reason = reason
    }
}

package struct LeaderboardShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// True after the last question: the next step ends the game.
    package var final: Bool

    package init(at: GameInstant, final: Bool) {
        self.at = at
        self.final = final
    }
}

/// The host started a tiebreak for competitors tied on the final leaderboard.
package struct TiebreakStarted: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var text: String
    package var answer: Double
    package var players: [PlayerID]
    package var teams: [TeamID]
    package var deadline: GameInstant
    package var closesAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, number, text, answer, players, teams, deadline, closesAt = "closes_at" }

    package init(at: GameInstant, number: Int, text: String, answer: Double, players: [PlayerID], teams: [TeamID], deadline: GameInstant, closesAt: GameInstant) {
        self.at = at
        self.number = number
        self.text = text
        self.answer = answer
        self.players = players
        self.teams = teams
        self.deadline = deadline
        self.closesAt = closesAt
    }
}

/// A tied player's (or a tied team member's) number.
package struct TiebreakAnswered: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var player: PlayerID
    /// Set when the player answers for a tied team.
    package var team: TeamID?
    package var value: Double
    package var responseMs: GameDuration
    private enum CodingKeys: String, CodingKey { case at, number, player, team, value, responseMs = "response_ms" }

    package init(at: GameInstant, number: Int, player: PlayerID, team: TeamID? = nil, value: Double, responseMs: GameDuration) {
        self.at = at
        self.number = number
        self.player = player
        self.team = team
        self.value = value
        self.responseMs = responseMs
    }
}

/// The tiebreak is over: the places follow from its answers, and the final leaderboard is back.
package struct TiebreakEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var reason: TiebreakEndReason

    package init(at: GameInstant, number: Int, reason: TiebreakEndReason) {
        self.at = at
        self.number = number
        self.reason = reason
    }
}

package struct RoomEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var reason: EndReason
    /// Final standings as the live room computed them; absent in older logs. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, reason: EndReason, standings: RecordedStandings? = nil) {
        self.at = at
        self.reason = reason
        self.standings = standings
    }
}
