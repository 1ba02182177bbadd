/// A question as asked in a room: its timing, shuffle, answers and (after reveal) awards.
package struct AskedQuestion: Sendable, Equatable {
    /// 0-based position in the order questions were asked in this room.
    package var sequence: Int
    package var round: Int
    package var index: Int
    package var shownAt: GameInstant
    package var opensAt: GameInstant
    /// Answers count up to here (plus `closesAt - deadline` grace).
    package var deadline: GameInstant
    /// `deadline` + answer grace: the last instant an answer is accepted.
    package var closesAt: GameInstant
    /// `permutation[displayed position] == pack option index`; empty for kinds without options.
    package var permutation: [Int]
    package var answers = PlayerMap<RecordedAnswer>()
    package var wagers: [Competitor: Int] = [:]
    /// Who placed each stake: a team's stake is its first placer's to change, nobody else's.
    package var wagerBy: [Competitor: PlayerID] = [:]
    /// Team mode: the member whose answer is the team's (the first to answer).
    package var teamAnswers: [TeamID: PlayerID] = [:]
    /// Team mode: each ranked player's team when the question was revealed, so a later move does
    /// not change whose answer they were scored on.
    package var memberTeams: [PlayerID: TeamID]? = nil
    /// The question's kind's own state (`QuestionKindModule.questionState`), made when it is asked.
    package var kindSlot = KindStateSlot()
    /// Extra typed answers the host accepted after the reveal.
    package var acceptedExtra: [String] = []
    package var closedAt: GameInstant?
    package var closeReason: CloseReason?
    package var revealedAt: GameInstant?
    /// Points each player got on this question (derived at reveal and on rescoring).
    package var awards = PlayerMap<Award>()
    /// What each team's stake won or lost on a wager question (it goes to the team, not to members).
    package var teamAwards: [TeamID: Int] = [:]
    /// Since when the host has the clock stopped; nil while it runs.
    package var pausedAt: GameInstant?
    /// Since when the question's kind holds the clock (a buzz's floor); nil while it does not. Unlike a
    /// pause, answers and presses go on; the deadline moves on by the hold when it ends.
    package var heldSince: GameInstant?
    /// Stretches of the answer window with the clock stopped (a pause, or closed until re-opened):
    /// not charged to anyone's response time, and not part of the window speed points scale on.
    package var stoppages: [Stoppage] = []
    /// The host skipped it: never scored, and its wagers are void.
    package var skipped = false
    /// It was revealed once (and the reveal undone): the answer has been on screen, so it cannot re-open.
    package var wasRevealed = false
    /// Voided by a correction after the game (`game_corrected`): it scores nothing for anyone.
    package var voided = false
    /// The question's content as it was asked, once a correction changed its answer key (nil before):
    /// the question index knows the pack's question by both keys (docs/replay-season.md).
    package var contentAsAsked: QuestionContent? = nil
    /// How many times each room mechanic acted on this question, by its name (hints shown).
    package var mechanicCounts: [String: Int] = [:]

    package var isRevealed: Bool { revealedAt != nil }

    package var isPaused: Bool { pausedAt != nil }

    /// Whether an answer (or a press) at `now` is within the window: always while the kind holds the
    /// clock (it was held before the close, so the deadline it will move to is still ahead).
    package func takesAnswers(at now: GameInstant) -> Bool { heldSince != nil || now <= closesAt }

    /// The time left when the kind took hold of the clock; nil while it does not hold it.
    package var heldLeftMs: GameDuration? { heldSince.map { max(0, deadline.minus($0)) } }

    /// The answer window speed points scale on: from the opening to the deadline, less the stoppages.
    package var answerWindowMs: GameDuration {
        deadline.minus(opensAt).minus(stoppages.reduce(0) { $0.plus($1.durationMs) })
    }

    /// How much of the stoppages fell after `start`: what a response timed from `start` must not pay for.
    package func stoppedMs(after start: GameInstant) -> GameDuration {
        stoppages.reduce(0) { $0.plus(max(0, $1.end.minus(max($1.start, start)))) }
    }
}

/// A stretch of an answer window with the clock stopped.
package struct Stoppage: Sendable, Equatable {
    package var start: GameInstant
    package var end: GameInstant
    package var durationMs: GameDuration { end.minus(start) }
}

/// One stored answer, canonical (unshuffled) and with its measured response time.
package struct RecordedAnswer: Sendable, Equatable {
    package var value: AnswerValue
    package var responseMs: GameDuration
    package var receivedAt: GameInstant
    /// `TextNormalizer.answerKey` of a typed answer, worked out once when it is recorded:
    /// every reveal rescores all earlier questions, and normalising again each time was the
    /// costliest part of replaying an archive.
    package var textKey: String? = nil
    /// The answering player's team when the answer came in: a team's stake is judged by the
    /// answers its members gave as members, wherever the host moves them later.
    package var team: TeamID? = nil
    /// A correction's ruling on this answer (`game_corrected`): right or wrong whatever the key says.
    package var ruling: Bool? = nil
}

/// How an answer (or wager) fared.
package enum AnswerOutcome: String, Codable, Sendable, Equatable {
    case correct, partial, wrong
    /// Poll answers and zero-multiplier questions: counted, not judged.
    case counted
}

/// The points a player earned on one question, with the streak bonus included.
package struct Award: Sendable, Equatable, Codable {
    /// nil when the player did not answer: a teamless player's unanswered wager still loses its
    /// stake, but the player gave no answer to call wrong (docs/protocol-server.md, `result`).
    package var outcome: AnswerOutcome?
    package var points: Int
    package var streakBonus: Int
}
