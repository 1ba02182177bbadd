// A question's life: shown, opened, answered, the run of show, revealed, scored.

package struct QuestionShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var round: Int
    package var index: Int
    package var opensAt: GameInstant
    package var deadline: GameInstant
    package var closesAt: GameInstant
    package var permutation: [Int]
    private enum CodingKeys: String, CodingKey {
        case at, sequence, round, index, opensAt = "opens_at", deadline, closesAt = "closes_at", permutation
    }

    package init(at: GameInstant, sequence: Int, round: Int, index: Int, opensAt: GameInstant, deadline: GameInstant, closesAt: GameInstant, permutation: [Int]) {
        self.at = at
        self.sequence = sequence
        self.round = round
        self.index = index
        self.opensAt = opensAt
        self.deadline = deadline
        self.closesAt = closesAt
        self.permutation = permutation
    }
}

package struct AnswersOpened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

package struct WagerPlaced: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    /// Who placed it; the stake belongs to `team` when set, else to this player.
    package var player: PlayerID
    package var team: TeamID?
    package var amount: Int

    package var competitor: Competitor { team.map(Competitor.team) ?? .player(player) }

    package init(at: GameInstant, sequence: Int, player: PlayerID, team: TeamID? = nil, amount: Int) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.team = team
        self.amount = amount
    }
}

package struct AnswerRecorded: Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    /// In pack option indices (unshuffled).
    package var answer: AnswerValue
    /// Measured response time (see docs/game-rules.md), stored so replay needs no clock.
    package var responseMs: GameDuration

    package init(at: GameInstant, sequence: Int, player: PlayerID, answer: AnswerValue, responseMs: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.answer = answer
        self.responseMs = responseMs
    }
}

package struct AnswersClosed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var reason: CloseReason

    package init(at: GameInstant, sequence: Int, reason: CloseReason) {
        self.at = at
        self.sequence = sequence
        self.reason = reason
    }
}

/// An event that is only a moment in a question's life: when, and which question.
package struct QuestionMoment: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int

    package init(at: GameInstant, sequence: Int) {
        self.at = at
        self.sequence = sequence
    }
}

/// The host stopped the clock: no answers, no timers, until `clock_resumed`.
package typealias ClockPaused = QuestionMoment

/// The clock runs again; the opening (if still ahead), the deadline and the close move on by
/// the pause, so nobody loses a second of answering time.
package typealias ClockResumed = QuestionMoment

/// The host gave everyone more time: the deadline and the close move by `ms`.
package struct TimeAdded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var ms: GameDuration

    package init(at: GameInstant, sequence: Int, ms: GameDuration) {
        self.at = at
        self.sequence = sequence
        self.ms = ms
    }
}

/// The host skipped the question: it is never scored, its wagers are void, and the next step follows.
package typealias QuestionSkipped = QuestionMoment

/// The host re-opened a question closed by mistake. Answers given before still count; the time it
/// stood closed is not charged to anyone.
package struct AnswersReopened: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var deadline: GameInstant
    package var closesAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, sequence, deadline, closesAt = "closes_at" }

    package init(at: GameInstant, sequence: Int, deadline: GameInstant, closesAt: GameInstant) {
        self.at = at
        self.sequence = sequence
        self.deadline = deadline
        self.closesAt = closesAt
    }
}

/// The host took a reveal back before moving on: the question is closed and unscored again.
package typealias RevealUndone = QuestionMoment

package struct QuestionRevealed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    /// Standings after this question was scored, as the live room computed them; absent in
    /// logs written before it was recorded. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, sequence: Int, standings: RecordedStandings? = nil) {
        self.at = at
        self.sequence = sequence
        self.standings = standings
    }
}

package struct AnswerAccepted: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var text: String

    package init(at: GameInstant, sequence: Int, text: String) {
        self.at = at
        self.sequence = sequence
        self.text = text
    }
}

/// The host took back an answer it had accepted (`text` as it was accepted).
package typealias AnswerRejected = AnswerAccepted

/// The host merged a survey's answer group `from` into `into` (both group keys, `SurveyKind.groupKey`).
package struct AnswersMerged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var from: String
    package var into: String

    package init(at: GameInstant, sequence: Int, from: String, into: String) {
        self.at = at
        self.sequence = sequence
        self.from = from
        self.into = into
    }
}

package struct ScoreAdjusted: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// Exactly one of `player` and `team` is set.
    package var player: PlayerID?
    package var team: TeamID?
    package var delta: Int
    package var reason: String

    package init(at: GameInstant, player: PlayerID? = nil, team: TeamID? = nil, delta: Int, reason: String) {
        self.at = at
        self.player = player
        self.team = team
        self.delta = delta
        self.reason = reason
    }
}

package struct LeaderboardShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// True after the last question: the next step ends the game.
    package var final: Bool

    package init(at: GameInstant, final: Bool) {
        self.at = at
        self.final = final
    }
}
