/// A ranked snapshot of scores, derived from the room (and so from its events).
/// Ranks use competition ranking: equal scores share a rank and the next rank skips (1, 1, 3).
package struct Standings: Sendable, Equatable, Codable {
    package var players: [PlayerStanding]
    package var teams: [TeamStanding]

    /// The top `size` places; ties can make it longer than `size`.
    package func podium(size: Int) -> Standings {
        Standings(players: players.filter { $0.rank <= size }, teams: teams.filter { $0.rank <= size })
    }
}

package struct PlayerStanding: Sendable, Equatable, Codable {
    package var player: PlayerID
    package var nickname: String
    package var team: TeamID?
    package var score: Int
    package var rank: Int
    package var streak: Int
    package var correct: Int
}

package struct TeamStanding: Sendable, Equatable, Codable {
    package var team: TeamID
    package var name: String
    package var score: Int
    package var rank: Int
    package var members: Int
}

extension Room {
    /// Players (not kicked) and teams, best first; equal scores are listed by name.
    package var standings: Standings {
        // Sorts small (score, id) keys, not 10,000 players with their strings; names are
        // read only to break a tie.
        var order: [(score: Int, id: PlayerID)] = []
        order.reserveCapacity(players.count)
        for player in players.values where player.isRanked { order.append((player.score, player.id)) }
        // A tiebreak orders the players it was for; the empty table costs nothing otherwise.
        let settled = tiebreaks.isEmpty ? [:] : tiebreakPlaces
        order.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if !settled.isEmpty, let first = Self.tiebreakOrder(settled[.player(a.id)], settled[.player(b.id)]) { return first }
            let aKey = players[a.id]!.nameKey, bKey = players[b.id]!.nameKey
            if aKey != bKey { return aKey < bKey }
            return a.id < b.id
        }
        var playerRows: [PlayerStanding] = []
        playerRows.reserveCapacity(order.count)
        var memberScores: [TeamID: [Int]] = [:]
        for (position, key) in order.enumerated() {
            let level = position > 0 && order[position - 1].score == key.score
                && (settled.isEmpty || !Self.separated(settled[.player(order[position - 1].id)], settled[.player(key.id)]))
            let rank = level ? playerRows[position - 1].rank : position + 1
            let player = players[key.id]!
            playerRows.append(PlayerStanding(
                player: key.id, nickname: player.nickname, team: player.team, score: key.score,
                rank: rank, streak: player.streak, correct: player.correctCount))
            if let team = player.team { memberScores[team, default: []].append(key.score) }
        }

        // A merged team lives on in the one it joined; a team nobody plays in (a listed table nobody sits
        // at, or a typed team whose last member moved away or was removed) is not on the board, so it
        // cannot take a podium place with no one to stand on it.
        let playing = teams.values.filter { team in team.mergedInto == nil && memberScores[team.id] != nil }
        let teamRows = playing.map { team in
            (team: team, score: Self.teamScore(memberScores[team.id] ?? [], bonus: team.bonus, mode: settings.teamStanding),
             members: memberScores[team.id]?.count ?? 0)
        }.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if !settled.isEmpty, let first = Self.tiebreakOrder(settled[.team(a.team.id)], settled[.team(b.team.id)]) { return first }
            if a.team.nameKey != b.team.nameKey { return a.team.nameKey < b.team.nameKey }
            return a.team.id < b.team.id
        }
        var teamStandings: [TeamStanding] = []
        for (position, row) in teamRows.enumerated() {
            let level = position > 0 && teamRows[position - 1].score == row.score
                && (settled.isEmpty || !Self.separated(settled[.team(teamRows[position - 1].team.id)], settled[.team(row.team.id)]))
            let rank = level ? teamStandings[position - 1].rank : position + 1
            teamStandings.append(TeamStanding(team: row.team.id, name: row.team.name, score: row.score, rank: rank, members: row.members))
        }
        return Standings(players: playerRows, teams: teamStandings)
    }

    /// The final podium (`settings.podiumSize` places).
    package var podium: Standings { standings.podium(size: settings.podiumSize) }

    /// A team's standing score: the sum or the mean (rounded half away from zero) of its
    /// ranked members' scores, plus the team's own wager results and adjustments.
    package func teamScore(_ team: TeamID) -> Int {
        let scores = players.values.filter { $0.isRanked && $0.team == team }.map(\.score)
        return Self.teamScore(scores, bonus: teams[team]?.bonus ?? 0, mode: settings.teamStanding)
    }

    static func teamScore(_ memberScores: [Int], bonus: Int, mode: TeamStandingMode) -> Int {
        let sum = memberScores.reduce(0) { $0.plus($1) }
        switch mode {
        case .sum:
            return sum.plus(bonus)
        case .average:
            guard !memberScores.isEmpty else { return bonus }
            let n = memberScores.count
            // Half away from zero, without doubling the sum (which could overflow).
            let (quotient, remainder) = sum.quotientAndRemainder(dividingBy: n)
            let mean = abs(remainder) * 2 >= n ? quotient + (sum < 0 ? -1 : 1) : quotient
            return mean.plus(bonus)
        }
    }
}
