import BuzzerGame

/// One flat JSON object per event: the payload's fields plus `type`.
extension RoomEvent: Codable {
    private enum TypeKey: String, CodingKey { case type }

    package init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
        switch type {
        case "room_created": self = .roomCreated(try RoomCreated(from: decoder))
        case "host_disconnected": self = .hostDisconnected(try HostDisconnected(from: decoder))
        case "host_reconnected": self = .hostReconnected(try HostReconnected(from: decoder))
        case "room_lock_changed": self = .roomLockChanged(try RoomLockChanged(from: decoder))
        case "display_connected": self = .displayConnected(try DisplayConnected(from: decoder))
        case "display_disconnected": self = .displayDisconnected(try DisplayDisconnected(from: decoder))
        case "join_address_set": self = .joinAddressSet(try JoinAddressSet(from: decoder))
        case "team_created": self = .teamCreated(try TeamCreated(from: decoder))
        case "player_joined": self = .playerJoined(try PlayerJoined(from: decoder))
        case "player_disconnected": self = .playerDisconnected(try PlayerDisconnected(from: decoder))
        case "player_reconnected": self = .playerReconnected(try PlayerReconnected(from: decoder))
        case "player_left": self = .playerLeft(try PlayerLeft(from: decoder))
        case "player_kicked": self = .playerKicked(try PlayerKicked(from: decoder))
        case "player_renamed": self = .playerRenamed(try PlayerRenamed(from: decoder))
        case "team_renamed": self = .teamRenamed(try TeamRenamed(from: decoder))
        case "teams_merged": self = .teamsMerged(try TeamsMerged(from: decoder))
        case "player_moved": self = .playerMoved(try PlayerMoved(from: decoder))
        case "question_shown": self = .questionShown(try QuestionShown(from: decoder))
        case "answers_opened": self = .answersOpened(try AnswersOpened(from: decoder))
        case "wager_placed": self = .wagerPlaced(try WagerPlaced(from: decoder))
        case "answer_recorded": self = .answerRecorded(try AnswerRecorded(from: decoder))
        case "answers_closed": self = .answersClosed(try AnswersClosed(from: decoder))
        case "clock_paused": self = .clockPaused(try ClockPaused(from: decoder))
        case "clock_resumed": self = .clockResumed(try ClockResumed(from: decoder))
        case "time_added": self = .timeAdded(try TimeAdded(from: decoder))
        case "question_skipped": self = .questionSkipped(try QuestionSkipped(from: decoder))
        case "answers_reopened": self = .answersReopened(try AnswersReopened(from: decoder))
        case "reveal_undone": self = .revealUndone(try RevealUndone(from: decoder))
        case "question_revealed": self = .questionRevealed(try QuestionRevealed(from: decoder))
        case "answer_accepted": self = .answerAccepted(try AnswerAccepted(from: decoder))
        case "score_adjusted": self = .scoreAdjusted(try ScoreAdjusted(from: decoder))
        case "leaderboard_shown": self = .leaderboardShown(try LeaderboardShown(from: decoder))
        case "tiebreak_started": self = .tiebreakStarted(try TiebreakStarted(from: decoder))
        case "tiebreak_answered": self = .tiebreakAnswered(try TiebreakAnswered(from: decoder))
        case "tiebreak_ended": self = .tiebreakEnded(try TiebreakEnded(from: decoder))
        case "break_started": self = .breakStarted(try BreakStarted(from: decoder))
        case "break_countdown_changed": self = .breakCountdownChanged(try BreakCountdownChanged(from: decoder))
        case "room_ended": self = .roomEnded(try RoomEnded(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: try decoder.container(keyedBy: TypeKey.self),
                debugDescription: "unknown event type \"\(type)\"")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .roomCreated(let e): try e.encode(to: encoder)
        case .hostDisconnected(let e): try e.encode(to: encoder)
        case .hostReconnected(let e): try e.encode(to: encoder)
        case .roomLockChanged(let e): try e.encode(to: encoder)
        case .displayConnected(let e): try e.encode(to: encoder)
        case .displayDisconnected(let e): try e.encode(to: encoder)
        case .joinAddressSet(let e): try e.encode(to: encoder)
        case .teamCreated(let e): try e.encode(to: encoder)
        case .playerJoined(let e): try e.encode(to: encoder)
        case .playerDisconnected(let e): try e.encode(to: encoder)
        case .playerReconnected(let e): try e.encode(to: encoder)
        case .playerLeft(let e): try e.encode(to: encoder)
        case .playerKicked(let e): try e.encode(to: encoder)
        case .playerRenamed(let e): try e.encode(to: encoder)
        case .teamRenamed(let e): try e.encode(to: encoder)
        case .teamsMerged(let e): try e.encode(to: encoder)
        case .playerMoved(let e): try e.encode(to: encoder)
        case .questionShown(let e): try e.encode(to: encoder)
        case .answersOpened(let e): try e.encode(to: encoder)
        case .wagerPlaced(let e): try e.encode(to: encoder)
        case .answerRecorded(let e): try e.encode(to: encoder)
        case .answersClosed(let e): try e.encode(to: encoder)
        case .clockPaused(let e): try e.encode(to: encoder)
        case .clockResumed(let e): try e.encode(to: encoder)
        case .timeAdded(let e): try e.encode(to: encoder)
        case .questionSkipped(let e): try e.encode(to: encoder)
        case .answersReopened(let e): try e.encode(to: encoder)
        case .revealUndone(let e): try e.encode(to: encoder)
        case .questionRevealed(let e): try e.encode(to: encoder)
        case .answerAccepted(let e): try e.encode(to: encoder)
        case .scoreAdjusted(let e): try e.encode(to: encoder)
        case .leaderboardShown(let e): try e.encode(to: encoder)
        case .tiebreakStarted(let e): try e.encode(to: encoder)
        case .tiebreakAnswered(let e): try e.encode(to: encoder)
        case .tiebreakEnded(let e): try e.encode(to: encoder)
        case .breakStarted(let e): try e.encode(to: encoder)
        case .breakCountdownChanged(let e): try e.encode(to: encoder)
        case .roomEnded(let e): try e.encode(to: encoder)
        }
    }
}
