/// A kind holding the clock (`QuestionKindModule.holdsClock`: a buzz while a player has the floor):
/// the question's time stands still while it holds, and the deadline moves on by the hold when it
/// lets go, so the floor holder is never timed out mid-answer. A host's pause takes over a hold; a
/// resume hands the clock back to the kind if it still holds.
extension Room {
    /// Starts or ends the hold to match what the current question's kind says now. Called after every
    /// kind or mechanic event, and after a resume: nothing else changes a hold.
    mutating func syncClockHold(at now: GameInstant) {
        guard let last = asked.indices.last, phase == .open, asked[last].pausedAt == nil else { return }
        let holds = kind(ofAskedAt: last).module.holdsClock(asked[last])
        if holds, asked[last].heldSince == nil {
            asked[last].heldSince = now
        } else if !holds {
            releaseClockHold(at: now)
        }
    }

    /// Ends a hold: its stretch is a stoppage, and the deadline and the close move on by it.
    mutating func releaseClockHold(at now: GameInstant) {
        guard let last = asked.indices.last, let since = asked[last].heldSince else { return }
        let held = max(0, now.minus(since))
        asked[last].stoppages.append(Stoppage(start: since, end: now))
        asked[last].deadline = asked[last].deadline.plus(held)
        asked[last].closesAt = asked[last].closesAt.plus(held)
        asked[last].heldSince = nil
    }
}
