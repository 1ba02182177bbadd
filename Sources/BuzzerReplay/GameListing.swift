/// One line of `buzzer replay list`.
package struct GameListing: Sendable, Equatable, Codable {
    package var game: String
    package var code: String
    package var number: Int
    package var title: String?
    package var startedAt: String
    package var endedAt: String?
    package var players: Int
    package var teams: Int
    package var status: GameStatus
    package var events: Int
    /// Problems found while reading the game's lines (run `verify` for the details).
    package var problems: Int

    private enum CodingKeys: String, CodingKey {
        case game, code, number, title, startedAt = "started_at", endedAt = "ended_at", players, teams, status, events, problems
    }

    package init(_ game: ReplayGame) {
        self.game = game.id
        code = game.code
        number = game.number
        title = game.title
        startedAt = ReplayFormat.iso(game.startedAt)
        endedAt = game.endedAt.map(ReplayFormat.iso)
        players = game.playerCount
        teams = game.teamCount
        status = game.status
        events = game.eventCount
        problems = game.errors.count
    }
}
