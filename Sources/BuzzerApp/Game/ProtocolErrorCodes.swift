/// Every `code` an `error` message may carry: the table of docs/protocol.md, which
/// `ProtocolErrorCodesTests` keeps in step with this list. The protocol fuzzer fails on any other.
package enum ProtocolErrorCodes {
    /// The codes of `GameError`, the room's refusals (not `not_replayable`: that one is a damaged log's, never a client's).
    package static let game: Set<String> = [
        "invalid_pack", "invalid_settings", "room_ended", "room_locked", "room_full", "late_join_disabled", "name_invalid",
        "name_taken", "name_blocked", "banned", "kicked", "unknown_player", "unknown_team", "team_not_listed", "resume_expired",
        "not_host", "bad_phase", "wrong_question", "answers_not_open", "paused", "invalid_tiebreak", "not_in_tiebreak",
        "cannot_change_clock", "question_closed", "late_answer", "already_answered", "team_answered", "team_wager_placed",
        "invalid_answer", "not_wager_round", "invalid_wager", "unknown_question", "cannot_accept", "invalid_score_adjustment",
        "invalid_reason", "on_break", "invalid_break",
    ]

    /// The app's own: messages that never reach a room, and rooms that cannot be made.
    package static let app: Set<String> = [
        "bad_message", "not_in_room", "already_in_room", "busy", "unknown_address", "room_not_found", "rate_limited", "too_many_displays",
        "pack_not_found", "pack_too_large", "token_required", "unknown_league", "disk_low", "too_many_rooms", "archive_unavailable", "draining", "internal",
    ]

    package static var all: Set<String> { game.union(app) }
}
