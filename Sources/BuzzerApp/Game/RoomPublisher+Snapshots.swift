import BuzzerGame

extension RoomPublisher {
    /// The whole current screen for one member: sent after create, join, resume, watch and host.
    /// A member who comes back gets the same screen the others see now, mid-question included.
    package static func state(of room: Room, for role: ClientState.Role, now: GameInstant) -> StatePayload {
        state(of: room, for: role, now: now, shared: RoomViewCache())
    }

    /// `state(of:for:now:)` with the parts every member's state shares taken from `shared`.
    package static func state(of room: Room, for role: ClientState.Role, now: GameInstant, shared: RoomViewCache) -> StatePayload {
        let current = room.currentQuestion
        var payload = StatePayload(
            role: role.name, code: room.code, title: room.pack.title, phase: room.phase, serverTime: now, locked: room.locked,
            hostConnected: room.hostConnected, playerCount: room.activeCount, questionCount: room.pack.questionCount)
        if let view = room.questionView {
            payload.question = view
            payload.answerCount = current?.answers.count
            payload.kindView = room.kindLiveView.map(KindLiveView.init)
        }
        // A break shows no question: the last round's reveal stays off its screens.
        if room.phase != .onBreak { payload.reveal = shared.currentReveal(of: room) }
        if case .host = role, let current {
            let hostView = room.hostQuestionView
            payload.correct = hostView?.correct
            payload.actions = hostView?.actions
            // A survey's groups and a wager round's stakes come back with a reload, as in `waiting`.
            if !current.isRevealed, room.liveGroups(sequence: current.sequence) != nil || room.pack.rounds[current.round].wager {
                payload.waiting = waiting(room, current)
            }
            if current.isRevealed {
                let typed = typedAnswers(room, sequence: current.sequence)
                if !typed.isEmpty { payload.typedAnswers = typed }
            }
        }
        // Sorting every player is only needed where a ranking is on screen; a join during the lobby
        // or a question (2,000 of them in a big room) gets its own rank by counting instead.
        let needsRanking = room.phase == .revealed || room.phase == .leaderboard || room.phase == .ended || room.phase == .tiebreak
        let standings = needsRanking ? shared.standings(of: room) : nil
        if room.phase == .leaderboard, let standings {
            payload.leaderboard = leaderboard(standings, final: room.isOnLastQuestion)
        }
        if room.phase == .ended, let standings { payload.ended = ended(standings, in: room) }
        if room.phase == .onBreak { payload.break = room.roomBreak }
        if room.phase == .tiebreak, let tiebreak = room.tiebreaks.last {
            payload.tiebreak = room.tiebreakView(tiebreak)
            if case .host = role { payload.tiebreakAnswer = tiebreak.answer }
            if case .player(let id) = role, let part = room.tiebreakRole(of: id) {
                payload.tiebreakPlays = part.plays
                payload.tiebreakAnswered = part.answered
            }
        }
        if room.phase == .leaderboard, let last = room.tiebreaks.last { payload.tiebreakResult = room.tiebreakResult(last.number) }
        if case .player(let id) = role {
            if let current {
                let by = room.teamAnswerer(of: id, in: current)
                payload.answered = current.answers[id] != nil || by != nil
                payload.myAnswer = room.lockedAnswer(of: id, sequence: current.sequence)
                payload.answeredBy = by.flatMap { room.players[$0]?.nickname }
                if let team = room.players[id]?.team, let amount = current.wagers[.team(team)], let placer = current.wagerBy[.team(team)],
                   placer != id, let name = room.players[placer]?.nickname {
                    payload.teamWager = TeamWagerPayload(question: current.sequence, amount: amount, by: name)
                }
            }
            if room.phase == .reading || room.phase == .open { payload.maxWager = maxWager(id, in: room) }
            let row = standings == nil ? nil : shared.standing(of: id, in: room)
            if let current, current.isRevealed, standings != nil {
                payload.result = room.result(for: id, sequence: current.sequence, rank: row?.rank)
            }
            if let standings, let row {
                payload.me = StandingPayload(rank: row.rank, score: row.score, players: standings.players.count,
                                             teamRank: row.team.flatMap { shared.rank(of: $0, in: room) })
            } else if let player = room.players[id], let place = shared.provisionalRank(of: id, in: room) {
                payload.me = StandingPayload(rank: place.rank, score: player.score, players: place.ranked, teamRank: nil)
            }
        }
        return payload
    }

    package static func lobby(_ room: Room) -> LobbyPayload {
        LobbyPayload(title: room.pack.title, playerCount: room.activeCount, locked: room.locked, hostConnected: room.hostConnected)
    }

    /// The host's and the projector's player list: everyone still seated, by id.
    package static func players(in room: Room) -> PlayersPayload {
        let seated = room.players.values.sorted { $0.id < $1.id }.filter { $0.status != .left && $0.status != .kicked }
        var members: [TeamID: Int] = [:]
        for player in seated { if let team = player.team { members[team, default: 0] += 1 } }
        let teams = room.teams.values.filter { $0.mergedInto == nil }.sorted { $0.id < $1.id }
            .map { TeamRow(id: $0.id, name: $0.name, members: members[$0.id] ?? 0) }
        return PlayersPayload(players: seated.map { player in
            PlayerRow(id: player.id, nickname: player.nickname, team: player.team.flatMap { room.teams[$0]?.name }, teamId: player.team,
                      status: player.status, score: player.score)
        }, teams: teams.isEmpty ? nil : teams)
    }

    package static func leaderboard(_ standings: Standings, final: Bool) -> LeaderboardPayload {
        LeaderboardPayload(final: final, players: Array(standings.players.prefix(GameContext.leaderboardSize)), teams: Array(standings.teams.prefix(50)),
                           total: standings.players.count)
    }

    package static func ended(_ standings: Standings, in room: Room) -> EndedPayload {
        EndedPayload(
            reason: room.endReason ?? .finished, podium: standings.podium(size: room.settings.podiumSize),
            players: Array(standings.players.prefix(GameContext.leaderboardSize)), teams: Array(standings.teams.prefix(50)))
    }

    /// How much this player may stake on the current question, in a wager round.
    package static func maxWager(_ id: PlayerID, in room: Room) -> Int? {
        guard let current = room.currentQuestion, room.pack.rounds[current.round].wager, let player = room.players[id] else { return nil }
        let competitor: Competitor = player.team.map(Competitor.team) ?? .player(id)
        return room.maxWager(for: competitor, question: room.question(current))
    }

    /// A text question's typed answers, grouped, for the host to pick ones to accept (empty otherwise).
    package static func typedAnswers(_ room: Room, sequence: Int) -> [TypedAnswer] {
        room.typedAnswers(sequence: sequence).map { TypedAnswer(text: $0.text, count: $0.count, accepted: $0.accepted, byHost: $0.byHost ? true : nil) }
    }
}
