import BuzzerGame

/// Season standings across many game nights (`buzzer replay leaderboard`).
///
/// Counts finished games only (abandoned and running games have no result). A team or player
/// is the same across games when their names fold to the same key, the way a room compares
/// names (`TextNormalizer.fold`: case, accents, width and spacing ignored). A win is rank 1 in
/// a game's final standings, so a tie for first is a win for each.
package struct SeasonLeaderboard: Sendable, Equatable, Codable {
    package enum Identity: String, Sendable, Codable, CaseIterable {
        case team, player
    }

    package var by: Identity
    /// Inclusive bounds on a game's start time (ms since 1970), when given.
    package var since: Int64?
    package var until: Int64?
    package var games: Int
    package var rows: [SeasonRow]

    package init(games: [ReplayGame], by: Identity, since: Int64? = nil, until: Int64? = nil) {
        self.by = by
        self.since = since
        self.until = until
        var totals: [String: SeasonRow] = [:]
        var counted = 0
        for game in games where game.status == .finished {
            guard let standings = game.finalStandings else { continue }
            if let since, game.startedAt < since { continue }
            if let until, game.startedAt > until { continue }
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
                totals[key] = row
            }
        }
        self.games = counted
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
}
