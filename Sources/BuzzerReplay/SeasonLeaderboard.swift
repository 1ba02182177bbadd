import BuzzerGame

/// Season standings across many game nights (`buzzer replay leaderboard`).
///
/// Counts finished games only (abandoned and running games have no result). A team or player
/// is the same across games when their names fold to the same key, the way a room compares
/// names (`TextNormalizer.fold`: case, accents, width and spacing ignored). A win is rank 1 in
/// a game's final standings, so a tie for first is a win for each.
///
/// A season is only as true as its games: if a game the table depends on is incomplete
/// (`ReplayGame.isComplete`), the table is refused, or with `allowIncomplete` built with those
/// games named and every row that counts one marked.
package struct SeasonLeaderboard: Sendable, Equatable, Codable {
    package enum Identity: String, Sendable, Codable, CaseIterable {
        case team, player
    }

    /// A game in the season's dates whose log is not whole.
    package struct IncompleteGame: Sendable, Equatable, Codable {
        package var game: String
        package var status: GameStatus
        /// Whether its standings, which may be wrong, are in the totals. A finished game's are; a
        /// game with no `room_ended` is not counted, though its end may be among the lost lines.
        package var counted: Bool
        package var problems: Int
        package var firstProblem: String

        private enum CodingKeys: String, CodingKey { case game, status, counted, problems, firstProblem = "first_problem" }
    }

    package var by: Identity
    /// Inclusive bounds on a game's start time (ms since 1970), when given.
    package var since: Int64?
    package var until: Int64?
    package var games: Int
    /// False when any game the table depends on is incomplete: then its totals may be wrong.
    package var complete: Bool
    package var incompleteGames: [IncompleteGame]
    package var rows: [SeasonRow]

    private enum CodingKeys: String, CodingKey { case by, since, until, games, complete, incompleteGames = "incomplete_games", rows }

    package init(games: [ReplayGame], by: Identity, since: Int64? = nil, until: Int64? = nil, allowIncomplete: Bool = false) throws(ReplayError) {
        self.by = by
        self.since = since
        self.until = until
        var totals: [String: SeasonRow] = [:]
        var counted = 0
        var incomplete: [IncompleteGame] = []
        for game in games {
            if let since, game.startedAt < since { continue }
            if let until, game.startedAt > until { continue }
            let finished = game.status == .finished
            // A game with no end may have lost its room_ended to the damage: it matters too.
            if !game.isComplete && (finished || !game.isEnded) {
                incomplete.append(IncompleteGame(
                    game: game.id, status: game.status, counted: finished && game.finalStandings != nil,
                    problems: game.errors.count, firstProblem: game.errors.first.map(String.init(describing:)) ?? "?"))
            }
            guard finished, let standings = game.finalStandings else { continue }
            counted += 1
            let entries: [(name: String, score: Int, rank: Int)] = switch by {
            case .team: standings.teams.map { ($0.name, $0.score, $0.rank) }
            case .player: standings.players.map { ($0.nickname, $0.score, $0.rank) }
            }
            for entry in entries {
                let key = TextNormalizer.fold(entry.name)
                var row = totals[key] ?? SeasonRow(rank: 0, name: entry.name, games: 0, wins: 0, points: 0)
                // Games are read oldest first: the latest spelling of a name is the one shown.
                row.name = entry.name
                row.games += 1
                row.points += entry.score
                if entry.rank == 1 { row.wins += 1 }
                if !game.isComplete { row.incompleteGames += 1 }
                totals[key] = row
            }
        }
        if !incomplete.isEmpty && !allowIncomplete { throw .incompleteSeason(games: incomplete) }
        self.games = counted
        complete = incomplete.isEmpty
        incompleteGames = incomplete
        var rows = totals.values.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.wins != b.wins { return a.wins > b.wins }
            return TextNormalizer.fold(a.name) < TextNormalizer.fold(b.name)
        }
        // Competition ranking on points, as in a room: equal totals share a rank.
        for position in rows.indices {
            rows[position].rank = position > 0 && rows[position - 1].points == rows[position].points
                ? rows[position - 1].rank : position + 1
        }
        self.rows = rows
    }
}

package struct SeasonRow: Sendable, Equatable, Codable {
    package var rank: Int
    package var name: String
    package var games: Int
    package var wins: Int
    package var points: Int
    /// How many of the games in `points` are incomplete (their standings may be wrong).
    package var incompleteGames = 0

    private enum CodingKeys: String, CodingKey { case rank, name, games, wins, points, incompleteGames = "incomplete_games" }
}
