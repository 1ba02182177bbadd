import BuzzerGame

extension ReplayGame {
    /// Longest span of time a question's timing may cover in a plausible log.
    static let plausibleSpanMs: GameDuration = 86_400_000

    /// Why `event` cannot have been produced by a room in this state, or nil. `Room.apply`
    /// trusts its events (they come from `handle`); a hand-edited or damaged log could name a
    /// question outside the pack or carry numbers that overflow the scoring, and the replay must
    /// report that rather than trap.
    static func implausibility(of event: RoomEvent, in room: Room) -> String? {
        switch event {
        case .questionShown(let e):
            guard e.sequence == room.asked.count else { return "question_shown has sequence \(e.sequence), expected \(room.asked.count)" }
            guard room.pack.rounds.indices.contains(e.round), room.pack.rounds[e.round].questions.indices.contains(e.index) else {
                return "question_shown names round \(e.round + 1), question \(e.index + 1), which the pack does not have"
            }
            let options = room.pack.rounds[e.round].questions[e.index].content.options.count
            guard e.permutation.sorted() == Array(0..<options) else {
                return "question_shown has permutation \(e.permutation), not an order of \(options) options"
            }
            guard e.opensAt >= e.at, e.deadline >= e.opensAt, e.closesAt >= e.deadline,
                  e.closesAt - e.at <= plausibleSpanMs else {
                return "question_shown has implausible timing (shown \(e.at), opens \(e.opensAt), deadline \(e.deadline), closes \(e.closesAt))"
            }
        case .wagerPlaced(let e):
            guard (0...1_000_000_000).contains(e.amount) else { return "wager_placed stakes \(e.amount)" }
        case .scoreAdjusted(let e):
            guard (-1_000_000...1_000_000).contains(e.delta) else { return "score_adjusted changes a score by \(e.delta)" }
        case .answerRecorded(let e):
            guard e.responseMs >= 0 else { return "answer_recorded has a negative response time \(e.responseMs)" }
        default:
            break
        }
        return nil
    }
}
