/// Every state change of a room. A room is exactly the fold of its events
/// (`Room.replay`), so the JSON Lines log alone rebuilds any game. Each event encodes as
/// one flat JSON object with a snake_case `type` (its `RoomEventType`) and snake_case fields
/// (embedded settings and packs keep their own camelCase formats); an answer's, for one, has
/// `at`, `sequence`, `player`, `answer` and `response_ms`. Every type with its fields:
/// docs/archive-format.md.
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
    case buzzPressed(BuzzPressed)
    case buzzFalseStart(BuzzFalseStart)
    case buzzFloor(BuzzFloor)
    case buzzMarked(BuzzMarked)
    case answersClosed(AnswersClosed)
    case clockPaused(ClockPaused)
    case clockResumed(ClockResumed)
    case timeAdded(TimeAdded)
    case questionSkipped(QuestionSkipped)
    case answersReopened(AnswersReopened)
    case revealUndone(RevealUndone)
    case questionRevealed(QuestionRevealed)
    case answerAccepted(AnswerAccepted)
    case answerRejected(AnswerRejected)
    case answersMerged(AnswersMerged)
    case scoreAdjusted(ScoreAdjusted)
    case leaderboardShown(LeaderboardShown)
    case tiebreakStarted(TiebreakStarted)
    case tiebreakAnswered(TiebreakAnswered)
    case tiebreakEnded(TiebreakEnded)
    case breakStarted(BreakStarted)
    case breakCountdownChanged(BreakCountdownChanged)
    case roomEnded(RoomEnded)
    case gameCorrected(GameCorrected)

    /// The `type` of a room's first and last events, for readers that tell them apart without
    /// decoding the line (recovery).
    package static let roomCreatedType = RoomEventType.roomCreated.rawValue
    package static let roomEndedType = RoomEventType.roomEnded.rawValue
    package static let gameCorrectedType = RoomEventType.gameCorrected.rawValue

    /// The stable `type` string of the event's JSON line.
    package var type: String { eventType.rawValue }

    /// Which event this is; its wire name is the raw value.
    package var eventType: RoomEventType {
        switch self {
        case .roomCreated: .roomCreated
        case .hostDisconnected: .hostDisconnected
        case .hostReconnected: .hostReconnected
        case .roomLockChanged: .roomLockChanged
        case .displayConnected: .displayConnected
        case .displayDisconnected: .displayDisconnected
        case .joinAddressSet: .joinAddressSet
        case .teamCreated: .teamCreated
        case .playerJoined: .playerJoined
        case .playerDisconnected: .playerDisconnected
        case .playerReconnected: .playerReconnected
        case .playerLeft: .playerLeft
        case .playerKicked: .playerKicked
        case .playerRenamed: .playerRenamed
        case .teamRenamed: .teamRenamed
        case .teamsMerged: .teamsMerged
        case .playerMoved: .playerMoved
        case .questionShown: .questionShown
        case .answersOpened: .answersOpened
        case .wagerPlaced: .wagerPlaced
        case .answerRecorded: .answerRecorded
        case .buzzPressed: .buzzPressed
        case .buzzFalseStart: .buzzFalseStart
        case .buzzFloor: .buzzFloor
        case .buzzMarked: .buzzMarked
        case .answersClosed: .answersClosed
        case .clockPaused: .clockPaused
        case .clockResumed: .clockResumed
        case .timeAdded: .timeAdded
        case .questionSkipped: .questionSkipped
        case .answersReopened: .answersReopened
        case .revealUndone: .revealUndone
        case .questionRevealed: .questionRevealed
        case .answerAccepted: .answerAccepted
        case .answerRejected: .answerRejected
        case .answersMerged: .answersMerged
        case .scoreAdjusted: .scoreAdjusted
        case .leaderboardShown: .leaderboardShown
        case .tiebreakStarted: .tiebreakStarted
        case .tiebreakAnswered: .tiebreakAnswered
        case .tiebreakEnded: .tiebreakEnded
        case .breakStarted: .breakStarted
        case .breakCountdownChanged: .breakCountdownChanged
        case .roomEnded: .roomEnded
        case .gameCorrected: .gameCorrected
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
        case .buzzPressed(let e): e.at
        case .buzzFalseStart(let e): e.at
        case .buzzFloor(let e): e.at
        case .buzzMarked(let e): e.at
        case .answersClosed(let e): e.at
        case .clockPaused(let e): e.at
        case .clockResumed(let e): e.at
        case .timeAdded(let e): e.at
        case .questionSkipped(let e): e.at
        case .answersReopened(let e): e.at
        case .revealUndone(let e): e.at
        case .questionRevealed(let e): e.at
        case .answerAccepted(let e): e.at
        case .answerRejected(let e): e.at
        case .answersMerged(let e): e.at
        case .scoreAdjusted(let e): e.at
        case .leaderboardShown(let e): e.at
        case .tiebreakStarted(let e): e.at
        case .tiebreakAnswered(let e): e.at
        case .tiebreakEnded(let e): e.at
        case .breakStarted(let e): e.at
        case .breakCountdownChanged(let e): e.at
        case .roomEnded(let e): e.at
        case .gameCorrected(let e): e.at
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
    /// The pack came from the question library (picked by name, with the edit token), not sent with
    /// `create`: such a game counts in the question index as a league game does. False in every log
    /// from before it was logged.
    package var fromLibrary: Bool

    package init(
        at: GameInstant, code: String, seed: UInt64, hostTokenHash: String, settings: RoomSettings, pack: QuestionPack, league: RoomLeague? = nil,
        fromLibrary: Bool = false
    ) {
        self.at = at
        self.code = code
        self.seed = seed
        self.hostTokenHash = hostTokenHash
        self.settings = settings
        self.pack = pack
        self.league = league
        self.fromLibrary = fromLibrary
    }
}
