extension Room {
    /// The longest single stretch a host may add or re-open for: ten minutes.
    static let maxExtraTimeMs: GameDuration = 600_000

    /// The host's corrections to the flow of a question: pause, resume, add time, skip, re-open,
    /// undo a reveal. Each is one event, so replay re-applies it (docs/game-rules.md, "Run of show").
    func decideRunOfShow(_ command: RoomCommand, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = currentQuestion else { throw .badPhase(command: command.name, phase: phase) }
        let sequence = current.sequence
        switch command {
        case .pauseClock:
            guard isAcceptingAnswers else { throw .badPhase(command: command.name, phase: phase) }
            guard !current.isPaused else { throw .cannotChangeClock("the clock is already paused") }
            return [.clockPaused(ClockPaused(at: now, sequence: sequence))]
        case .resumeClock:
            guard isAcceptingAnswers else { throw .badPhase(command: command.name, phase: phase) }
            guard current.isPaused else { throw .cannotChangeClock("the clock is not paused") }
            return [.clockResumed(ClockResumed(at: now, sequence: sequence))]
        case .addTime(let ms):
            guard isAcceptingAnswers else { throw .badPhase(command: command.name, phase: phase) }
            try Self.checkExtra(ms)
            return [.timeAdded(TimeAdded(at: now, sequence: sequence, ms: ms))]
        case .skip:
            guard isAcceptingAnswers || phase == .closed else { throw .badPhase(command: command.name, phase: phase) }
            let skipped = RoomEvent.questionSkipped(QuestionSkipped(at: now, sequence: sequence))
            var after = self
            after.apply(skipped)
            return [skipped, after.nextStep(at: now)]
        case .reopen(let ms):
            guard phase == .closed else { throw .badPhase(command: command.name, phase: phase) }
            guard !current.wasRevealed else {
                throw .cannotChangeClock("the answer has been on screen, so answering again would not be fair")
            }
            try Self.checkExtra(ms)
            let deadline = now.plus(ms)
            return [.answersReopened(AnswersReopened(at: now, sequence: sequence, deadline: deadline, closesAt: deadline.plus(settings.answerGraceMs)))]
        case .undoReveal:
            guard phase == .revealed, current.isRevealed else { throw .badPhase(command: command.name, phase: phase) }
            return [.revealUndone(RevealUndone(at: now, sequence: sequence))]
        default:
            return []
        }
    }

    private static func checkExtra(_ ms: GameDuration) throws(GameError) {
        guard (1_000...maxExtraTimeMs).contains(ms) else {
            throw .cannotChangeClock("the extra time must be between 1 and \(maxExtraTimeMs / 1000) seconds")
        }
    }
}
