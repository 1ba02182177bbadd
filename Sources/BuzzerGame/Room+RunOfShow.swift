extension Room {
    /// The longest single stretch a host may add or re-open for: ten minutes.
    static let maxExtraTimeMs: GameDuration = 600_000

    /// The run of show's extra time (`add_time`, `reopen`): 1 s to ten minutes (docs/game-rules.md, "Run of show").
    static func checkExtra(_ ms: GameDuration) throws(GameError) {
        guard (1_000...maxExtraTimeMs).contains(ms) else {
            throw .cannotChangeClock("the extra time must be between 1 and \(maxExtraTimeMs / 1000) seconds")
        }
    }
}
