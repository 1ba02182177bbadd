extension Room {
    /// True when the current question is the pack's last: a leaderboard now is the final one.
    package var isOnLastQuestion: Bool {
        guard let current = currentQuestion else { return false }
        return position(after: current.round, current.index) == nil
    }
}
