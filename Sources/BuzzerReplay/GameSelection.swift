import BuzzerGame

/// Which games a reader across games takes (`replay questions`, `replay export --answers`): the
/// finished ones, of one league or started between two days. A finished game whose log is not
/// whole is left out and named, so a figure never silently rests on lost lines.
package struct GameSelection: Sendable, Equatable {
    /// A league id (docs/league.md); nil for every game.
    package var league: String?
    /// Ms since 1970: games started at or after `since` and at or before `until`.
    package var since: Int64?
    package var until: Int64?

    package init(league: String? = nil, since: Int64? = nil, until: Int64? = nil) {
        self.league = league
        self.since = since
        self.until = until
    }

    /// Whether the game is one this selection names (complete or not).
    package func names(_ game: ReplayGame) -> Bool {
        guard game.status == .finished, game.room != nil else { return false }
        if let league, game.room?.league?.id != league { return false }
        if let since, game.startedAt < since { return false }
        if let until, game.startedAt > until { return false }
        return true
    }

    /// Why a named game is left out: its first problem; nil when it is taken.
    package func leftOut(_ game: ReplayGame) -> String? {
        game.isComplete ? nil : "\(game.id): \(game.errors.first?.message ?? "incomplete")"
    }
}
