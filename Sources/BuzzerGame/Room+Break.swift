extension Room {
    /// The longest a break's countdown may run from now, as a pack's `minutes` allows: an hour.
    static let maxBreakCountdownMs: GameDuration = 3_600_000

    /// What entering `round` shows first: its break when the pack gives it one, else its first question.
    func enterRound(_ round: Int, at now: GameInstant) -> RoomEvent {
        guard let roundBreak = pack.rounds[round].breakBefore else { return showQuestion(round: round, index: 0, at: now) }
        // Minutes are 1-60 once validated; `times` and `plus` keep a hand-built pack from trapping anyway.
        let endsAt = roundBreak.minutes.map { now.plus(GameDuration($0).times(60_000)) }
        return .breakStarted(BreakStarted(
            at: now, round: round, title: roundBreak.title, text: roundBreak.text, upNext: pack.rounds[round].title, endsAt: endsAt))
    }

    /// Why `command` cannot run during a break, or nil when it can. Everything about a question waits
    /// for the round to start; a refusal names the break (`on_break`), not just the phase.
    func breakRefusal(_ command: RoomCommand) -> GameError? {
        command.waitsForTheRound ? .onBreak(command: command.name) : nil
    }

    /// Why a logged break event cannot apply to this room (`logProblem`); nil when it can.
    func breakLogProblem(_ event: RoomEvent) -> String? {
        switch event {
        case .breakStarted(let e):
            guard pack.rounds.indices.contains(e.round) else { return "the pack has no round \(e.round)" }
            guard e.title.count <= RoundBreak.maxTitleLength, (e.text?.count ?? 0) <= RoundBreak.maxTextLength,
                  (e.upNext?.count ?? 0) <= QuestionPackLimits.largestAllowed.maxTitleLength else { return "its text is too long" }
            if let endsAt = e.endsAt, let problem = Self.countdownProblem(endsAt, at: e.at) { return problem }
        case .breakCountdownChanged(let e):
            guard phase == .onBreak else { return "the room is not on a break" }
            if let problem = Self.countdownProblem(e.endsAt, at: e.at) { return problem }
        default:
            break
        }
        return nil
    }

    private static func countdownProblem(_ endsAt: GameInstant, at: GameInstant) -> String? {
        guard InputBounds.instant.contains(endsAt), endsAt >= at, endsAt.minus(at) <= InputBounds.duration.upperBound else {
            return "its countdown end \(endsAt) is implausible"
        }
        return nil
    }
}
