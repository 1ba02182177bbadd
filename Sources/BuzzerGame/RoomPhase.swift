/// Where a room is in its game. Flow: lobby -> reading -> open -> closed -> revealed
/// -> (leaderboard at the end of a round) -> (break, if the next round has one) -> reading ... -> ended.
package enum RoomPhase: String, Codable, Sendable, Equatable {
    /// Players join; no question yet.
    case lobby
    /// A question is shown; answers open when the reading time is over.
    case reading
    /// Answers are being accepted until the deadline (plus grace).
    case open
    /// No more answers; waiting for the reveal.
    case closed
    /// The right answer and this question's points are shown.
    case revealed
    /// Standings are shown (end of a round, or on the host's request).
    case leaderboard
    /// A break slide between rounds; the host's `next` starts the round it comes before.
    case onBreak = "break"
    /// A tiebreak is being answered (from the final leaderboard, back to it when it ends).
    case tiebreak
    /// The game is over; the podium is final.
    case ended
}

/// Why answers stopped being accepted.
package enum CloseReason: String, Codable, Sendable, Equatable {
    case deadline
    case host
    case allAnswered = "all_answered"
}

/// Why a tiebreak ended.
package enum TiebreakEndReason: String, Codable, Sendable, Equatable {
    case deadline
    case host
    case allAnswered = "all_answered"
}

/// Why a room ended.
package enum EndReason: String, Codable, Sendable, Equatable {
    /// The last question was played and the final leaderboard left.
    case finished
    case hostEnded = "host_ended"
    /// The host stayed disconnected longer than the host-away grace.
    case hostLeft = "host_left"
}
