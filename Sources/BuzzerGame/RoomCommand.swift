/// Something someone asks a room to do. The app decides who may send what (only the host's
/// authenticated connection sends host commands) and passes secrets only as hashes.
package enum RoomCommand: Sendable, Equatable {
    // Host.
    case start
    /// From a reveal: next question, or the round leaderboard after a round's last question.
    /// From a leaderboard: next question, or the end of the game after the last one.
    case next
    /// Stop accepting answers now.
    case close
    /// Show the right answer and score the question (closes it first if still open).
    case reveal
    case showLeaderboard
    case end
    /// Stop the clock while reading or answering; `resumeClock` starts it again where it stood.
    case pauseClock
    case resumeClock
    /// Give everyone `ms` more to answer (reading or open, paused or not).
    case addTime(ms: GameDuration)
    /// Drop the current question unscored and go to the next step.
    case skip
    /// Re-open a closed (never revealed) question for `ms` from now.
    case reopen(ms: GameDuration)
    /// Take back the current question's reveal, before `next`.
    case undoReveal
    /// End the reading time now: the buzzers (or answers) open (`open_buzzers`).
    case openBuzzers
    /// Mark the answer of the buzz question's floor holder (`mark_buzz`).
    case markBuzz(right: Bool)
    /// During a break: move its countdown (more time, or zero now).
    case breakCountdown(BreakCountdownChange)
    /// From the final leaderboard: a closest-number question for tied players (or tied teams).
    case startTiebreak(TiebreakRequest)
    /// `reason` is shown to the player (trimmed; empty means none).
    case kick(PlayerID, ban: Bool, reason: String? = nil)
    /// Replace a player's nickname (same rules as a join's); the player is told.
    case rename(PlayerID, nickname: String)
    /// Team housekeeping: rename one, merge one into another (members, own points and name go
    /// there), move a player to a team (nil: none; only when the host set no team list).
    case renameTeam(TeamID, name: String)
    case mergeTeams(from: TeamID, into: TeamID)
    case movePlayer(PlayerID, team: TeamID?)
    case setLocked(Bool)
    case adjustScore(ScoreTarget, delta: Int, reason: String)
    /// Accept an extra typed answer for a revealed text question; rescores it.
    case accept(question: Int, text: String)
    /// Take back an answer `accept` added (the pack's own answers stand: a correction changes those
    /// after the game); rescores the question.
    case reject(question: Int, text: String)
    /// Merge a survey's answer group `from` into group `into` before the reveal; each is a group's
    /// key or any answer that folds to it (`SurveyKind.groupKey`).
    case mergeAnswers(question: Int, from: String, into: String)
    case hostDisconnected
    case hostReconnect(tokenHash: String)
    /// Where players join: the host's pick among the addresses offered (`RoomJoinAddress`).
    case setJoinAddress(RoomJoinAddress)

    // Players.
    case join(JoinRequest)
    /// Resume with the hash of the token from an earlier join; `newTokenHash` rotates it.
    case resume(tokenHash: String, newTokenHash: String?)
    case playerDisconnected(PlayerID)
    case leave(PlayerID)
    case answer(PlayerID, AnswerSubmission)
    case wager(PlayerID, question: Int, amount: Int)
    case tiebreakAnswer(PlayerID, value: Double, writtenAt: GameInstant, rttMs: GameDuration)
    /// A press of the buzzer on question `question`, with the connection's RTT when it arrived.
    case buzz(PlayerID, question: Int, rttMs: GameDuration)

    // Displays (read-only screens, counted only).
    case displayConnected
    case displayDisconnected

    /// Emit whatever timers are due; nothing else.
    case tick

    /// Whether a break between rounds refuses it (`on_break`): everything about a question waits for the
    /// round to start. Joining, moderation, scores and a late `accept` (the earlier reveals stand) go on.
    package var waitsForTheRound: Bool {
        switch self {
        case .close, .reveal, .showLeaderboard, .pauseClock, .resumeClock, .addTime, .skip, .reopen, .undoReveal, .answer, .wager,
             .startTiebreak, .tiebreakAnswer, .mergeAnswers, .openBuzzers, .markBuzz, .buzz:
            true
        case .accept, .reject, .start, .next, .end, .breakCountdown, .kick, .rename, .renameTeam, .mergeTeams, .movePlayer, .setLocked, .adjustScore,
             .hostDisconnected, .hostReconnect, .setJoinAddress, .join, .resume, .playerDisconnected, .leave, .displayConnected,
             .displayDisconnected, .tick:
            false
        }
    }

    /// A short name for `bad_phase` messages.
    package var name: String {
        switch self {
        case .start: "start"
        case .next: "go to the next step"
        case .close: "close the question"
        case .reveal: "reveal"
        case .showLeaderboard: "show the leaderboard"
        case .end: "end the game"
        case .pauseClock: "pause the clock"
        case .resumeClock: "resume the clock"
        case .addTime: "add time"
        case .skip: "skip the question"
        case .reopen: "re-open the question"
        case .undoReveal: "undo the reveal"
        case .openBuzzers: "open the buzzers"
        case .markBuzz: "mark the answer"
        case .buzz: "buzz"
        case .breakCountdown: "change the break's countdown"
        case .startTiebreak: "start a tiebreak"
        case .tiebreakAnswer: "answer the tiebreak"
        case .kick: "kick"
        case .rename: "rename a player"
        case .renameTeam: "rename a team"
        case .mergeTeams: "merge teams"
        case .movePlayer: "move a player"
        case .setLocked: "lock or unlock"
        case .adjustScore: "adjust a score"
        case .accept: "accept an answer"
        case .reject: "reject an answer"
        case .mergeAnswers: "merge answers"
        case .hostDisconnected, .hostReconnect: "reconnect"
        case .setJoinAddress: "choose the join address"
        case .join: "join"
        case .resume: "resume"
        case .playerDisconnected, .leave: "leave"
        case .answer: "answer"
        case .wager: "wager"
        case .displayConnected, .displayDisconnected: "watch"
        case .tick: "tick"
        }
    }
}

/// What the host asks for a tiebreak.
package struct TiebreakRequest: Sendable, Equatable {
    package var text: String
    package var answer: Double
    package var seconds: Int
    package var players: [PlayerID]
    package var teams: [TeamID]

    package init(text: String, answer: Double, seconds: Int = 30, players: [PlayerID] = [], teams: [TeamID] = []) {
        self.text = text
        self.answer = answer
        self.seconds = seconds
        self.players = players
        self.teams = teams
    }
}

/// Whose score a host adjustment changes.
package enum ScoreTarget: Sendable, Equatable {
    case player(PlayerID)
    case team(TeamID)
}

/// A join attempt; the app has already checked the room code.
package struct JoinRequest: Sendable, Equatable {
    package var nickname: String
    package var team: String?
    package var deviceID: String?
    /// SHA-256 hex of the resume token the app generated for this player.
    package var resumeTokenHash: String

    package init(nickname: String, team: String? = nil, deviceID: String? = nil, resumeTokenHash: String) {
        self.nickname = nickname
        self.team = team
        self.deviceID = deviceID
        self.resumeTokenHash = resumeTokenHash
    }
}

/// A player's answer with the timing facts the app measured.
package struct AnswerSubmission: Sendable, Equatable {
    /// Sequence number of the question this answers.
    package var question: Int
    /// In displayed (possibly shuffled) option positions.
    package var value: AnswerValue
    /// When the question was written to this player's socket.
    package var writtenAt: GameInstant
    /// The connection's latest round-trip time estimate, ms (0 if unknown).
    package var rttMs: GameDuration

    package init(question: Int, value: AnswerValue, writtenAt: GameInstant, rttMs: GameDuration = 0) {
        self.question = question
        self.value = value
        self.writtenAt = writtenAt
        self.rttMs = rttMs
    }
}
