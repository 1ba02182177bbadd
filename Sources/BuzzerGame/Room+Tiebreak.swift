extension Room {
    /// A tiebreak is for competitors level on the final leaderboard: two or more players, or two or
    /// more teams, on the same standing score.
    func decideTiebreak(_ request: TiebreakRequest, at now: GameInstant) throws(GameError) -> RoomEvent {
        guard phase == .leaderboard, isOnLastQuestion else {
            throw .invalidTiebreak("a tiebreak is played from the final leaderboard, after the last question")
        }
        let text = request.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard (1...300).contains(text.count) else { throw .invalidTiebreak("the question must be 1 to 300 characters") }
        guard InputBounds.isPlayableNumber(request.answer) else {
            throw .invalidTiebreak("the answer must be a number between -10^15 and 10^15")
        }
        guard (5...600).contains(request.seconds) else { throw .invalidTiebreak("the time must be 5 to 600 seconds") }
        guard request.players.isEmpty != request.teams.isEmpty else { throw .invalidTiebreak("name either tied players or tied teams") }
        let count = request.players.count + request.teams.count
        guard count >= 2 else { throw .invalidTiebreak("a tiebreak needs at least two competitors") }
        var scores: Set<Int> = []
        if !request.players.isEmpty {
            guard Set(request.players).count == count else { throw .invalidTiebreak("a player is named twice") }
            for id in request.players {
                guard let player = players[id], player.isRanked else { throw .unknownPlayer }
                scores.insert(player.score)
            }
        } else {
            guard Set(request.teams).count == count else { throw .invalidTiebreak("a team is named twice") }
            for id in request.teams {
                guard teams[id]?.mergedInto == nil, teams[id] != nil else { throw .unknownTeam }
                scores.insert(teamScore(id))
            }
        }
        guard scores.count == 1, let score = scores.first else { throw .invalidTiebreak("they are not level: a tiebreak is only for equal scores") }
        // Everyone on that score plays, so the tiebreak orders the whole tie, not part of it.
        let level = request.players.isEmpty
            ? teams.values.filter { $0.mergedInto == nil && !request.teams.contains($0.id) && teamHasMembers($0.id) && teamScore($0.id) == score }.map(\.name)
            : players.values.filter { $0.isRanked && $0.score == score && !request.players.contains($0.id) }.map(\.nickname)
        guard level.isEmpty else {
            throw .invalidTiebreak("\(level.sorted().prefix(5).joined(separator: ", ")) \(level.count == 1 ? "is" : "are") on the same score and must play too")
        }
        let deadline = now.plus(GameDuration(request.seconds).times(1000))
        return .tiebreakStarted(TiebreakStarted(
            at: now, number: tiebreaks.count, text: text, answer: request.answer, players: request.players, teams: request.teams,
            deadline: deadline, closesAt: deadline.plus(settings.answerGraceMs)))
    }

    func decideTiebreakAnswer(
        _ id: PlayerID, value: Double, writtenAt: GameInstant, rttMs: GameDuration, at now: GameInstant
    ) throws(GameError) -> RoomEvent {
        guard phase == .tiebreak, let tiebreak = tiebreaks.last, !tiebreak.isOver else { throw .badPhase(command: "answer the tiebreak", phase: phase) }
        guard let player = players[id], player.isRanked, player.status != .left else { throw .unknownPlayer }
        let competitor: Competitor
        if tiebreak.competitors.contains(.player(id)) {
            competitor = .player(id)
        } else if let team = player.team, tiebreak.competitors.contains(.team(team)) {
            competitor = .team(team)
        } else {
            throw .notInTiebreak
        }
        if let earlier = tiebreak.answers[competitor] {
            if earlier.player == id { throw .alreadyAnswered }
            throw .teamAnswered(by: players[earlier.player]?.nickname ?? "a teammate")
        }
        if now > tiebreak.closesAt { throw .lateAnswer(byMs: now.minus(tiebreak.deadline)) }
        guard InputBounds.isPlayableNumber(value) else { throw .invalidAnswer("the answer must be a number between -10^15 and 10^15") }
        let responseMs = Scoring.responseTime(
            receivedAt: now, writtenAt: writtenAt, opensAt: tiebreak.startedAt, rttMs: rttMs, rttCapMs: settings.rttCompensationCapMs)
        let team: TeamID? = if case .team(let team) = competitor { team } else { nil }
        return .tiebreakAnswered(TiebreakAnswered(at: now, number: tiebreak.number, player: id, team: team, value: value, responseMs: responseMs))
    }

    private func teamHasMembers(_ team: TeamID) -> Bool {
        players.values.contains { $0.isRanked && $0.team == team }
    }

    /// Where each competitor finished in the last tiebreak it played that is over.
    var tiebreakPlaces: [Competitor: (tiebreak: Int, place: Int)] {
        var places: [Competitor: (tiebreak: Int, place: Int)] = [:]
        for tiebreak in tiebreaks where tiebreak.isOver {
            for (competitor, place) in tiebreak.places { places[competitor] = (tiebreak.number, place) }
        }
        return places
    }

    /// How two competitors on the same score compare through tiebreaks: nil when neither played one
    /// (the caller breaks the tie by name). A total order: a later tiebreak's players come first, then
    /// by place, so sorting stays consistent even if scores moved after a tiebreak.
    static func tiebreakOrder(_ a: (tiebreak: Int, place: Int)?, _ b: (tiebreak: Int, place: Int)?) -> Bool? {
        let a = a ?? (-1, 0), b = b ?? (-1, 0)
        if a.tiebreak != b.tiebreak { return a.tiebreak > b.tiebreak }
        if a.place != b.place { return a.place < b.place }
        return nil
    }

    /// Whether a tiebreak separated two competitors that are level on score.
    static func separated(_ a: (tiebreak: Int, place: Int)?, _ b: (tiebreak: Int, place: Int)?) -> Bool {
        guard let a, let b else { return false }
        return a.tiebreak == b.tiebreak && a.place != b.place
    }
}
