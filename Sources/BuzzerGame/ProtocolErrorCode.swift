/// Every `code` an `error` message may carry (docs/protocol-errors.md, the table under "| code | when |"),
/// the two a room has that never reach a client, and the HTTP API's own (docs/league.md). The one place
/// each code's string is written: `GameError.definition`, `AppError.definition`, the protocol fuzzer and
/// `ProtocolErrorCodesTests` use the case (`ErrorDefinitionTests` fails on a copy of the string elsewhere).
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
    case banned = "banned"
    case kicked = "kicked"
    case unknownPlayer = "unknown_player"
    case unknownTeam = "unknown_team"
    case teamNotListed = "team_not_listed"
    case resumeExpired = "resume_expired"
    case notHost = "not_host"
    case badPhase = "bad_phase"
    case wrongQuestion = "wrong_question"
    case answersNotOpen = "answers_not_open"
    case paused = "paused"
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
    case unavailable = "unavailable"
    case limitReached = "limit_reached"

    // The app's own: messages that never reach a room, and rooms that cannot be made.
    case badMessage = "bad_message"
    case notInRoom = "not_in_room"
    case alreadyInRoom = "already_in_room"
    case busy = "busy"
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
    case draining = "draining"
    case `internal` = "internal"

    // A room's, never a client's on `/ws`: the app checks a league before the room does (HTTP's league
    // routes answer 422 `invalid_league`), and only a damaged log is not replayable.
    case invalidLeague = "invalid_league"
    case notReplayable = "not_replayable"

    // The HTTP API's own, in its JSON errors (`{"error":…,"code":…}`, docs/league.md), never on `/ws`.
    case badLeagueID = "bad_league_id"
    case badQuery = "bad_query"
    case badAlias = "bad_alias"
    case badSettings = "bad_settings"
    case badDevice = "bad_device"
    case deviceRequired = "device_required"
    case unknownGame = "unknown_game"
    case unreadableGame = "unreadable_game"
    case leagueFileUnreadable = "league_file_unreadable"
    case leagueFileUnwritable = "league_file_unwritable"

    /// Whether a client on `/ws` may be sent this code: the documented table, which the fuzzer holds the server to.
    package var isSentToClients: Bool {
        switch self {
        case .invalidLeague, .notReplayable, .badLeagueID, .badQuery, .badAlias, .badSettings, .badDevice, .deviceRequired,
             .unknownGame, .unreadableGame, .leagueFileUnreadable, .leagueFileUnwritable: false
        default: true
        }
    }

    /// The codes of docs/protocol-errors.md's table.
    package static let sentToClients: Set<ProtocolErrorCode> = Set(allCases.filter(\.isSentToClients))
}
