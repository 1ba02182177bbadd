/// The `type` of every room event: the one place an event's wire name is written. The event
/// enum (`RoomEvent.eventType`), the archive codec (`RoomEvent+Codable.swift`, one payload decoder
/// per case), replay, the league reader and the benchmarks all name events through this enum, so a
/// new event is a new case here, and the compiler lists every switch that must learn it.
/// docs/archive-format.md lists each case with its fields (a test holds the two together).
package enum RoomEventType: String, CaseIterable, Sendable, Hashable {
    case roomCreated = "room_created"
    case hostDisconnected = "host_disconnected"
    case hostReconnected = "host_reconnected"
    case roomLockChanged = "room_lock_changed"
    case displayConnected = "display_connected"
    case displayDisconnected = "display_disconnected"
    case joinAddressSet = "join_address_set"
    case teamCreated = "team_created"
    case playerJoined = "player_joined"
    case playerDisconnected = "player_disconnected"
    case playerReconnected = "player_reconnected"
    case playerLeft = "player_left"
    case playerKicked = "player_kicked"
    case playerRenamed = "player_renamed"
    case teamRenamed = "team_renamed"
    case teamsMerged = "teams_merged"
    case playerMoved = "player_moved"
    case questionShown = "question_shown"
    case answersOpened = "answers_opened"
    case wagerPlaced = "wager_placed"
    case answerRecorded = "answer_recorded"
    case buzzPressed = "buzz_pressed"
    case buzzFalseStart = "buzz_false_start"
    case buzzFloor = "buzz_floor"
    case buzzMarked = "buzz_marked"
    case answersClosed = "answers_closed"
    case clockPaused = "clock_paused"
    case clockResumed = "clock_resumed"
    case timeAdded = "time_added"
    case questionSkipped = "question_skipped"
    case answersReopened = "answers_reopened"
    case revealUndone = "reveal_undone"
    case questionRevealed = "question_revealed"
    case answerAccepted = "answer_accepted"
    case answerRejected = "answer_rejected"
    case answersMerged = "answers_merged"
    case scoreAdjusted = "score_adjusted"
    case leaderboardShown = "leaderboard_shown"
    case tiebreakStarted = "tiebreak_started"
    case tiebreakAnswered = "tiebreak_answered"
    case tiebreakEnded = "tiebreak_ended"
    case breakStarted = "break_started"
    case breakCountdownChanged = "break_countdown_changed"
    case roomEnded = "room_ended"
    case gameCorrected = "game_corrected"

    /// The type a line's envelope names, by one hash lookup (the league's fast path skips four
    /// lines in five on it); nil for a name no event has.
    package init?(wireName: String) {
        guard let type = Self.byWireName[wireName] else { return nil }
        self = type
    }

    private static let byWireName: [String: RoomEventType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
