/// Every server-to-client message's `type` (docs/protocol-server.md), defined once:
/// `ServerMessage.type` maps each case to one of these, the hand-written encoders
/// (`PersonalMessageJSON`) and `ProtocolDocTests` use them, and no other file spells a type.
package enum ServerMessageType: String, CaseIterable, Sendable {
    case created, joined, hosting, watching
    case joinAddress = "join_address"
    case state, lobby, players, question
    case wagerLimit = "wager_limit"
    case answersOpen = "answers_open"
    case answerAck = "answer_ack"
    case answerCount = "answer_count"
    case answersClosed = "answers_closed"
    case clock, skipped, reveal, result, leaderboard, standing, ended
    case hostStatus = "host_status"
    case kicked, renamed
    case teamChanged = "team_changed"
    case teamAnswer = "team_answer"
    case tiebreak
    case `break`
    case tiebreakAck = "tiebreak_ack"
    case buzz
    case tiebreakResult = "tiebreak_result"
    case teamWager = "team_wager"
    case roomInfo = "room_info"
    case clip
    case displaySound = "display_sound"
    case questionNotes = "question_notes"
    case waiting, ok, error
}

/// The keys of server messages' fields that are spelled like a message type
/// (`{"type":"result","result":{…}}`), for the encoders that write JSON by hand; the payloads'
/// own `CodingKeys` write the rest.
package enum ServerMessageField: String, Sendable {
    case players, question, result
}
