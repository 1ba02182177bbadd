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

    /// Why a logged countdown's end is implausible (`BreakStarted`, `BreakCountdownChanged`); nil when it is not.
    static func countdownProblem(_ endsAt: GameInstant, at: GameInstant) -> String? {
        guard InputBounds.instant.contains(endsAt), endsAt >= at, endsAt.minus(at) <= InputBounds.duration.upperBound else {
            return "its countdown end \(endsAt) is implausible"
        }
        return nil
    }
}
