/// Every `code` an `error` message may carry (docs/protocol-errors.md, the table under "| code | when |"),
/// and the two a room has that never reach a client. The one place each code is written:
/// `GameError.code`, the app's refusals, the protocol fuzzer and `ProtocolErrorCodesTests` all use it.
///
/// The set must not change without its `err.CODE` text in every `assets/*.common.json` (a browser test
/// checks the documented table against the catalogues).
package enum ProtocolErrorCode: String, CaseIterable, Sendable {
    // The room's refusals (`GameError`).
    case invalidPack = "invalid_pack"
    case invalidSettings = "invalid_settings"
    case roomEnded = "room_ended"
    case roomLocked = "room_locked"
    case roomFull = "room_full"
    case lateJoinDisabled = "late_join_disabled"
    case nameInvalid = "name_invalid"
    case nameTaken = "name_taken"
    case nameBlocked = "name_blocked"
    case banned
    case kicked
    case unknownPlayer = "unknown_player"
    case unknownTeam = "unknown_team"
    case teamNotListed = "team_not_listed"
    case resumeExpired = "resume_expired"
    case notHost = "not_host"
    case badPhase = "bad_phase"
    case wrongQuestion = "wrong_question"
    case answersNotOpen = "answers_not_open"
    case paused
    case invalidTiebreak = "invalid_tiebreak"
    case notInTiebreak = "not_in_tiebreak"
    case cannotChangeClock = "cannot_change_clock"
    case questionClosed = "question_closed"
    case lateAnswer = "late_answer"
    case alreadyAnswered = "already_answered"
    case teamAnswered = "team_answered"
    case teamWagerPlaced = "team_wager_placed"
    case invalidAnswer = "invalid_answer"
    case notWagerRound = "not_wager_round"
    case invalidWager = "invalid_wager"
    case unknownQuestion = "unknown_question"
    case cannotAccept = "cannot_accept"
    case cannotReject = "cannot_reject"
    case cannotMerge = "cannot_merge"
    case invalidScoreAdjustment = "invalid_score_adjustment"
    case invalidReason = "invalid_reason"
    case onBreak = "on_break"
    case invalidBreak = "invalid_break"
    case lockedOut = "locked_out"
    case noFloor = "no_floor"
    case limitReached = "limit_reached"

    // The app's own: messages that never reach a room, and rooms that cannot be made.
    case badMessage = "bad_message"
    case notInRoom = "not_in_room"
    case alreadyInRoom = "already_in_room"
    case busy
    case unknownAddress = "unknown_address"
    case roomNotFound = "room_not_found"
    case rateLimited = "rate_limited"
    case tooManyDisplays = "too_many_displays"
    case packNotFound = "pack_not_found"
    case packTooLarge = "pack_too_large"
    case tokenRequired = "token_required"
    case unknownLeague = "unknown_league"
    case diskLow = "disk_low"
    case tooManyRooms = "too_many_rooms"
    case archiveUnavailable = "archive_unavailable"
    case draining
    case `internal`

    // A room's, never a client's on `/ws`: the app checks a league before the room does (HTTP's league
    // routes answer 422 `invalid_league`), and only a damaged log is not replayable.
    case invalidLeague = "invalid_league"
    case notReplayable = "not_replayable"

    /// Whether a client on `/ws` may be sent this code: the documented table, which the fuzzer holds the server to.
    package var isSentToClients: Bool {
        switch self {
        case .invalidLeague, .notReplayable: false
        default: true
        }
    }

    /// The codes of docs/protocol-errors.md's table.
    package static let sentToClients: Set<ProtocolErrorCode> = Set(allCases.filter(\.isSentToClients))
}
