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
    case joinAddressSet(JoinAddressSet)
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
    case breakStarted(BreakStarted)
    case breakCountdownChanged(BreakCountdownChanged)
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
        case .joinAddressSet: "join_address_set"
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
        case .breakStarted: "break_started"
        case .breakCountdownChanged: "break_countdown_changed"
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
        case .joinAddressSet(let e): e.at
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
        case .breakStarted(let e): e.at
        case .breakCountdownChanged(let e): e.at
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
    /// The league the game counts for; nil for a one-off (and in every log from before leagues).
    package var league: RoomLeague?

    package init(at: GameInstant, code: String, seed: UInt64, hostTokenHash: String, settings: RoomSettings, pack: QuestionPack, league: RoomLeague? = nil) {
        self.at = at
        self.code = code
        self.seed = seed
        self.hostTokenHash = hostTokenHash
        self.settings = settings
        self.pack = pack
        self.league = league
    }
}
