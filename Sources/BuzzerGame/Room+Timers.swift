extension Room {
    /// The earliest instant at which `tick` has something to do; nil when nothing is scheduled.
    /// The app arms one timer per room for this and calls `handle(.tick, at:)` when it fires.
    package var nextDeadline: GameInstant? { dueTimer()?.at }

    /// The next timer and the event it produces when it fires. Game timers win ties with the
    /// host-away timer so a question that closes as the host's grace ends is still closed.
    func dueTimer() -> (at: GameInstant, event: RoomEvent)? {
        var game: (at: GameInstant, event: RoomEvent)?
        // A paused clock holds every game timer; only the host-away timer runs.
        if let current = currentQuestion, !current.isPaused {
            switch phase {
            case .reading:
                game = (current.opensAt, .answersOpened(AnswersOpened(at: current.opensAt, sequence: current.sequence)))
            case .open:
                // An answer received exactly at `closesAt` still counts, so the close is due one ms later.
                let at = current.closesAt.plus(1)
                game = (at, .answersClosed(AnswersClosed(at: at, sequence: current.sequence, reason: .deadline)))
            case .closed where settings.autoAdvance:
                let at = phaseSince.plus(settings.autoRevealDelayMs)
                game = (at, .questionRevealed(QuestionRevealed(at: at, sequence: current.sequence)))
            case .revealed where settings.autoAdvance:
                let at = phaseSince.plus(settings.autoAdvanceDelayMs)
                game = (at, nextStep(at: at))
            case .leaderboard where settings.autoAdvance:
                let at = phaseSince.plus(settings.leaderboardDelayMs)
                game = (at, nextStep(at: at))
            default:
                break
            }
        }
        if phase == .tiebreak, let tiebreak = tiebreaks.last, !tiebreak.isOver {
            let at = tiebreak.closesAt.plus(1)
            game = (at, .tiebreakEnded(TiebreakEnded(at: at, number: tiebreak.number, reason: .deadline)))
        }
        var hostAway: (at: GameInstant, event: RoomEvent)?
        if phase != .ended, let since = hostAwaySince {
            let at = since.plus(settings.hostAwayGraceMs)
            hostAway = (at, .roomEnded(RoomEnded(at: at, reason: .hostLeft)))
        }
        switch (game, hostAway) {
        case let (game?, away?): return away.at < game.at ? away : game
        case let (game?, nil): return game
        case let (nil, away?): return away
        case (nil, nil): return nil
        }
    }

    /// Applies every timer due at or before `now`, in time order.
    mutating func runTimers(until now: GameInstant) -> [RoomEvent] {
        var events: [RoomEvent] = []
        // Each timer moves the phase forward, so this ends; the bound guards against a bug looping forever.
        for _ in 0..<64 {
            guard let (at, event) = dueTimer(), at <= now else { break }
            events.append(applyRecording(event))
        }
        return events
    }

    /// The event that follows a reveal or a leaderboard: the next question, the round's
    /// leaderboard (after a round's last question), or the end of the game.
    func nextStep(at now: GameInstant) -> RoomEvent {
        guard let current = currentQuestion else { return showQuestion(round: 0, index: 0, at: now) }
        let next = position(after: current.round, current.index)
        if phase == .revealed, next == nil || next!.round != current.round {
            return .leaderboardShown(LeaderboardShown(at: now, final: next == nil))
        }
        guard let next else { return .roomEnded(RoomEnded(at: now, reason: .finished)) }
        return showQuestion(round: next.round, index: next.index, at: now)
    }

    /// Builds `question_shown` with all timing and the option shuffle fixed at this instant.
    func showQuestion(round: Int, index: Int, at now: GameInstant) -> RoomEvent {
        let question = pack.rounds[round].questions[index]
        let sequence = asked.count
        let opensAt = now.plus(settings.readingTimeMs)
        let deadline = opensAt.plus(GameDuration(question.timeLimit ?? settings.timeLimitSeconds).times(1000))
        let optionCount = question.content.options.count
        let permutation = settings.shuffleOptions
            ? SplitMix64.permutation(count: optionCount, seed: seed, sequence: sequence)
            : Array(0..<optionCount)
        return .questionShown(QuestionShown(
            at: now, sequence: sequence, round: round, index: index, opensAt: opensAt, deadline: deadline,
            closesAt: deadline.plus(settings.answerGraceMs), permutation: permutation))
    }
}
