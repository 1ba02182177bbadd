import BuzzerGame

/// The host's `waiting`: who has not answered yet, and a wager round's stakes.
extension RoomPublisher {
    /// Who has not answered the open question, for the host: the first `waitingListLimit` players
    /// by id and how many more, and each team's count. Names only whether, never what.
    package static func waiting(_ room: Room, _ current: AskedQuestion) -> WaitingPayload {
        var players: [WaitingPayload.Row] = [], more = 0
        var teams: [TeamID: (waiting: Int, members: Int)] = [:]
        for player in room.players.values where player.status == .connected || player.status == .away {
            let answered = current.answers[player.id] != nil
                || (room.settings.teamMode && player.team.map { current.teamAnswers[$0] != nil } == true)
            if let team = player.team {
                teams[team, default: (0, 0)].members += 1
                if !answered { teams[team, default: (0, 0)].waiting += 1 }
            }
            guard !answered else { continue }
            if players.count < waitingListLimit {
                // A drop during this question is still waited for until its grace ends (Room.allAnsweredAt).
                let grace = player.status == .away ? player.awaySince.flatMap { since in
                    since >= current.shownAt ? since.plus(room.settings.dropGraceMs) : nil } : nil
                players.append(WaitingPayload.Row(id: player.id, nickname: player.nickname, status: player.status, reconnectingUntil: grace))
            } else {
                more += 1
            }
        }
        let teamRows = teams.sorted { $0.key.rawValue < $1.key.rawValue }.map { id, count in
            WaitingPayload.Team(team: id, name: room.teams[id]?.name ?? "", waiting: count.waiting, members: count.members)
        }
        return WaitingPayload(question: current.sequence, players: players, more: more, teams: teamRows,
                              groups: room.liveGroups(sequence: current.sequence).map { Array($0.prefix(waitingListLimit)) },
                              stakes: room.pack.rounds[current.round].wager ? stakes(room, current) : nil)
    }

    /// Each seated competitor's stake on a wager question, for the host: a team's once (with who
    /// placed it), a player without a team alone. Whoever has not placed one yet has no `amount`.
    package static func stakes(_ room: Room, _ current: AskedQuestion) -> WaitingPayload.Stakes {
        var teams = Set<TeamID>(), players: [PlayerID] = []
        for player in room.players.values where player.status == .connected || player.status == .away {
            if let team = player.team { teams.insert(team) } else { players.append(player.id) }
        }
        let competitors = teams.sorted().map(Competitor.team) + players.sorted().map(Competitor.player)
        var rows: [WaitingPayload.Stakes.Row] = [], placed = 0
        for competitor in competitors {
            let amount = current.wagers[competitor]
            if amount != nil { placed += 1 }
            guard rows.count < waitingListLimit else { continue }
            switch competitor {
            case .team(let team):
                let by = amount == nil ? nil : current.wagerBy[competitor].flatMap { room.players[$0]?.nickname }
                rows.append(.init(team: team, name: room.teams[team]?.name ?? "", amount: amount, by: by))
            case .player(let id):
                rows.append(.init(player: id, name: room.players[id]?.nickname ?? "", amount: amount))
            }
        }
        return WaitingPayload.Stakes(placed: placed, total: competitors.count, rows: rows)
    }

    /// Enough names for a bar; a room of thousands shows a count.
    package static let waitingListLimit = 100
}
