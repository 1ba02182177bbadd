extension Room {
    /// The earliest instant at which `tick` has something to do; nil when nothing is scheduled.
    /// The app arms one timer per room for this and calls `handle(.tick, at:)` when it fires.
    /// Asked twice per command: it builds no event (a next question's would shuffle its options).
    package var nextDeadline: GameInstant? { dueTimer()?.at }

    /// What a due timer does; `event(for:at:)` builds its event only when it fires.
    enum DueTimer {
        case answersOpen, answersClose, autoReveal, autoNext, tiebreakEnd, hostAway, kindTimer, dropGraceEnd
    }

    /// The next timer and when it fires. Game timers win ties with the host-away timer so a
    /// question that closes as the host's grace ends is still closed.
    func dueTimer() -> (at: GameInstant, timer: DueTimer)? {
        var game: (at: GameInstant, timer: DueTimer)?
        // A paused clock holds every game timer; only the host-away timer runs.
        if let current = currentQuestion, !current.isPaused {
            switch phase {
            case .reading:
                let content = question(current).content
                // A buzz question may wait for the host's `open_buzzers` instead of the reading time.
                if !content.kind.module.opensOnHostCommand(content) { game = (current.opensAt, .answersOpen) }
            case .open where current.heldSince != nil:
                break  // the kind holds the clock (a buzz's floor): nothing closes the question on time
            case .open:
                // An answer received exactly at `closesAt` still counts, so the close is due one ms later.
                game = (current.closesAt.plus(1), .answersClose)
                // Everyone else answered and a dropped player's grace ends first: close then. Only a future
                // grace end is a timer (an answer, a leave or a kick close at once: `execute`).
                if let due = allAnsweredAt(), due > phaseSince, due <= current.closesAt { game = (due, .dropGraceEnd) }
            case .closed where settings.autoAdvance:
                game = (phaseSince.plus(settings.autoRevealDelayMs), .autoReveal)
            case .revealed where settings.autoAdvance:
                game = (phaseSince.plus(settings.autoAdvanceDelayMs), .autoNext)
            case .leaderboard where settings.autoAdvance:
                game = (phaseSince.plus(settings.leaderboardDelayMs), .autoNext)
            default:
                break
            }
            // The question's kind's own timer (a buzz question's floor), when it comes first.
            if let due = kind(ofAskedAt: asked.count - 1).module.timerDue(in: self, current), game.map({ due < $0.at }) ?? true {
                game = (due, .kindTimer)
            }
        }
        if phase == .tiebreak, let tiebreak = tiebreaks.last, !tiebreak.isOver {
            game = (tiebreak.closesAt.plus(1), .tiebreakEnd)
        }
        var hostAway: (at: GameInstant, timer: DueTimer)?
        if phase != .ended, let since = hostAwaySince {
            hostAway = (since.plus(settings.hostAwayGraceMs), .hostAway)
        }
        switch (game, hostAway) {
        case let (game?, away?): return away.at < game.at ? away : game
        case let (game?, nil): return game
        case let (nil, away?): return away
        case (nil, nil): return nil
        }
    }

    /// The event `timer` produces when it fires at `at`, in the state `dueTimer` found it.
    func event(for timer: DueTimer, at: GameInstant) -> RoomEvent {
        switch timer {
        case .answersOpen: return .answersOpened(AnswersOpened(at: at, sequence: currentQuestion!.sequence))
        case .answersClose: return .answersClosed(AnswersClosed(at: at, sequence: currentQuestion!.sequence, reason: .deadline))
        case .autoReveal: return .questionRevealed(QuestionRevealed(at: at, sequence: currentQuestion!.sequence))
        case .autoNext: return nextStep(at: at)
        case .tiebreakEnd: return .tiebreakEnded(TiebreakEnded(at: at, number: tiebreaks.last!.number, reason: .deadline))
        case .hostAway: return .roomEnded(RoomEnded(at: at, reason: .hostLeft))
        case .kindTimer: return kind(ofAskedAt: asked.count - 1).module.timerEvent(in: self, at: at)!  // due only when it has one
        case .dropGraceEnd: return .answersClosed(AnswersClosed(at: at, sequence: currentQuestion!.sequence, reason: .allAnswered))
        }
    }

    /// Applies every timer due at or before `now`, in time order.
    mutating func runTimers(until now: GameInstant) -> [RoomEvent] {
        var events: [RoomEvent] = []
        // Each timer moves the phase forward, so this ends; the bound guards against a bug looping forever.
        for _ in 0..<64 {
            guard let (at, timer) = dueTimer(), at <= now else { break }
            events.append(applyRecording(event(for: timer, at: at)))
        }
        return events
    }

    /// The event that follows a reveal, a leaderboard or a break: the next question, the round's
    /// leaderboard (after a round's last question), the next round's break, or the end of the game.
    func nextStep(at now: GameInstant) -> RoomEvent {
        if phase == .onBreak, let roomBreak { return showQuestion(round: roomBreak.round, index: 0, at: now) }
        guard let current = currentQuestion else { return enterRound(0, at: now) }
        let next = position(after: current.round, current.index)
        if phase == .revealed, next == nil || next!.round != current.round {
            return .leaderboardShown(LeaderboardShown(at: now, final: next == nil))
        }
        guard let next else { return .roomEnded(RoomEnded(at: now, reason: .finished)) }
        if next.round != current.round { return enterRound(next.round, at: now) }
        return showQuestion(round: next.round, index: next.index, at: now)
    }

    /// Builds `question_shown` with all timing and the option shuffle fixed at this instant.
    func showQuestion(round: Int, index: Int, at now: GameInstant) -> RoomEvent {
        let question = pack.rounds[round].questions[index]
        let sequence = asked.count
        let opensAt = now.plus(settings.readingTimeMs)
        let deadline = opensAt.plus(GameDuration(question.timeLimit ?? settings.timeLimitSeconds).times(1000))
        let optionCount = question.content.options.count
        let permutation = question.kind.module.permutation(tileCount: optionCount, seed: seed, sequence: sequence, shuffle: settings.shuffleOptions)
        return .questionShown(QuestionShown(
            at: now, sequence: sequence, round: round, index: index, opensAt: opensAt, deadline: deadline,
            closesAt: deadline.plus(settings.answerGraceMs), permutation: permutation))
    }
}
