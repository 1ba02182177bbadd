/// One live game. A value type: `handle(_:at:)` validates a command against the current
/// state and returns the events it caused (already applied); `apply(_:)` folds one event.
/// A room is always exactly `Room.replay(itsEvents)`; every derived field (scores, indexes)
/// is recomputed inside `apply`, so live play and replay cannot disagree. Each `apply` costs
/// O(1) in the log's length, except the rescorings that `HostLimits` caps (docs/threat-model.md).
package struct Room: Sendable, Equatable {
    package internal(set) var code: String
    package internal(set) var createdAt: GameInstant
    package internal(set) var seed: UInt64
    package internal(set) var hostTokenHash: String
    package internal(set) var settings: RoomSettings
    package internal(set) var pack: QuestionPack
    /// `pack.kinds`, worked out once: every page that enters is told them (a correction keeps a question's kind).
    package let packKinds: [QuestionKind]
    /// The league the game counts for (docs/league.md); nil for a one-off.
    package internal(set) var league: RoomLeague?
    /// The pack came from the question library (`RoomCreated.fromLibrary`).
    package internal(set) var fromLibrary = false

    package internal(set) var phase: RoomPhase = .lobby
    package internal(set) var phaseSince: GameInstant
    package internal(set) var endReason: EndReason?
    package internal(set) var locked = false
    package internal(set) var hostConnected = true
    package internal(set) var hostAwaySince: GameInstant?
    package internal(set) var displayCount = 0
    /// Where players join, as the host set it; nil in logs from before join addresses were logged.
    package internal(set) var joinAddress: RoomJoinAddress?

    package internal(set) var players = PlayerMap<Player>()
    package internal(set) var teams: [TeamID: Team] = [:]
    package internal(set) var asked: [AskedQuestion] = []
    package internal(set) var adjustments: [ScoreAdjusted] = []
    /// `adjustments` summed per player and per team as they are applied: an adjustment moves one
    /// total instead of re-scoring the game (`applyAdjustment`), so 25,000 of them replay in linear time.
    var adjustedPlayers: [PlayerID: Int] = [:]
    var adjustedTeams: [TeamID: Int] = [:]
    /// Events of each capped host-driven kind applied so far (`HostLimits`), counted by `apply`.
    package internal(set) var hostEventCounts: [HostEventKind: Int] = [:]
    /// The break the room is on (phase `break`); nil once the round's first question is shown.
    package internal(set) var roomBreak: RoomBreak?
    /// Tiebreaks played on the final leaderboard, in order; the last may be running.
    package internal(set) var tiebreaks: [Tiebreak] = []
    /// The `NameSkeleton` keys of banned nicknames: a look-alike of a banned name is banned too.
    package internal(set) var bannedNameKeys: Set<NameSkeleton.Key> = []
    package internal(set) var bannedDeviceIDs: Set<String> = []

    // Indexes derived from the above, kept so lookups stay O(1) with thousands of players.
    /// Both `NameSkeleton` keys of every player's and team's name: what makes a look-alike "taken".
    var playerByNameKey: [NameSkeleton.Key: PlayerID] = [:]
    var playerByTokenHash: [String: PlayerID] = [:]
    var teamByNameKey: [NameSkeleton.Key: TeamID] = [:]
    /// `settings.blockedNames` in the form names are matched in (`isBlocked`), worked out once.
    let blockedTerms: Set<String>
    package internal(set) var connectedCount = 0
    package internal(set) var activeCount = 0
    /// Where the last scoring stopped, for the next reveal to build on (`scoreReveal(of:)`).
    var scoringFold: ScoringFold?

    private init(_ created: RoomCreated) {
        code = created.code
        createdAt = created.at
        seed = created.seed
        hostTokenHash = created.hostTokenHash
        settings = created.settings
        pack = created.pack
        packKinds = created.pack.kinds
        league = created.league
        fromLibrary = created.fromLibrary
        phaseSince = created.at
        blockedTerms = Set(created.settings.blockedNames.map { NameSkeleton.caselessKey(TextNormalizer.answerKey($0)) })
        // The host's team list is the room's first teams, ids 1...n in list order: players pick from them.
        for name in created.settings.teams {
            addTeam(TeamID(teams.count + 1), name: name)
        }
    }

    private mutating func addTeam(_ id: TeamID, name: String) {
        teams[id] = Team(id: id, name: name, nameKey: TextNormalizer.fold(name))
        for key in NameSkeleton(name).keys { teamByNameKey[key] = id }
    }

    /// The team `id` stands for now: itself, or the team it was merged into.
    package func liveTeam(_ id: TeamID) -> TeamID {
        var id = id
        for _ in 0..<teams.count {
            guard let next = teams[id]?.mergedInto else { break }
            id = next
        }
        return id
    }

    /// Validates the pack and settings and opens a room in the lobby. `seed` and
    /// `hostTokenHash` come from the app (its random source and SHA-256).
    package static func create(
        code: String, pack: QuestionPack, settings: RoomSettings, packLimits: QuestionPackLimits = QuestionPackLimits(),
        seed: UInt64, hostTokenHash: String, at now: GameInstant, league: RoomLeague? = nil, fromLibrary: Bool = false
    ) throws(GameError) -> (room: Room, event: RoomEvent) {
        let problems = pack.validate(limits: packLimits)
        if !problems.isEmpty { throw .invalidPack(QuestionPackErrors(problems)) }
        if let problem = settings.problem() { throw .invalidSettings(problem) }
        if let problem = league?.problem() { throw .invalidLeague(problem) }
        // The log keeps the pack as played, so replay needs no shuffle of its own.
        let played = settings.shuffleQuestions ? pack.shuffledWithinRounds(seed: seed) : pack
        let created = RoomCreated(at: now, code: code, seed: seed, hostTokenHash: hostTokenHash, settings: settings, pack: played, league: league,
                                  fromLibrary: fromLibrary)
        return (Room(created), .roomCreated(created))
    }

    /// Rebuilds a room from its log. The first event must be `room_created` and no other may be.
    /// Every event is checked before it is applied (`logProblem`): a log that names what the room
    /// lacks, or carries a value out of range, is refused whole, never half applied.
    package static func replay(_ events: some Sequence<RoomEvent>) throws(GameError) -> Room {
        var room: Room?
        for (number, event) in events.enumerated() {
            if case .roomCreated(let created) = event {
                guard room == nil else { throw .notReplayable("a second room_created event") }
                if let problem = Self.logProblem(created) { throw .notReplayable("event 1 (room_created): \(problem)") }
                room = Room(created)
            } else {
                guard room != nil else { throw .notReplayable("the log does not start with room_created") }
                if let problem = room!.logProblem(event) { throw .notReplayable("event \(number + 1) (\(event.type)): \(problem)") }
                room!.apply(event)
            }
        }
        guard let room else { throw .notReplayable("the log is empty") }
        return room
    }

    // MARK: - Folding

    /// Folds one event into the state. Never fails: events come from `handle`, which validated them;
    /// an event naming something unknown (a damaged log) is ignored.
    package mutating func apply(_ event: RoomEvent) {
        if let kind = HostEventKind(event) { hostEventCounts[kind, default: 0] += 1 }
        switch event {
        case .roomCreated:
            break
        case .hostDisconnected(let e):
            hostConnected = false
            hostAwaySince = e.at
        case .hostReconnected:
            hostConnected = true
            hostAwaySince = nil
        case .roomLockChanged(let e):
            locked = e.locked
        case .displayConnected:
            displayCount += 1
        case .displayDisconnected:
            displayCount = max(0, displayCount - 1)
        case .joinAddressSet(let e):
            joinAddress = e.address
        case .teamCreated(let e):
            addTeam(e.team, name: e.name)
        case .teamRenamed(let e):
            guard var team = teams[e.team], team.mergedInto == nil else { return }
            for key in NameSkeleton(team.name).keys where teamByNameKey[key] == e.team { teamByNameKey[key] = nil }
            for key in NameSkeleton(e.name).keys { teamByNameKey[key] = e.team }
            team.name = e.name
            team.nameKey = TextNormalizer.fold(e.name)
            teams[e.team] = team
        case .teamsMerged(let e):
            guard let from = teams[e.from], from.mergedInto == nil, teams[e.into]?.mergedInto == nil, e.from != e.into else { return }
            teams[e.from]!.mergedInto = e.into
            // Its name now leads to the team it joined: a late "Owls" lands in "The Owls".
            for key in NameSkeleton(from.name).keys where teamByNameKey[key] == e.from { teamByNameKey[key] = e.into }
            players.updateEach { _, player in if player.team == e.from { player.team = e.into } }
            recomputeScores()
        case .playerMoved(let e):
            guard var player = players[e.player], player.status != .kicked else { return }
            if let team = e.team, teams[team]?.mergedInto != nil || teams[team] == nil { return }
            // Their own points go with them; team-owned points (stakes, adjustments) stay.
            player.team = e.team
            players[e.player] = player
        case .playerJoined(let e):
            // Ids are handed out in join order from 1 (`decideJoin`); a log that says otherwise is not this room's.
            guard e.player.rawValue == players.count + 1 else { return }
            players[e.player] = Player(
                id: e.player, nickname: e.nickname, nameKey: TextNormalizer.fold(e.nickname), team: e.team, deviceID: e.deviceID,
                resumeTokenHash: e.resumeTokenHash, joinedAt: e.at, firstQuestion: e.firstQuestion)
            for key in NameSkeleton(e.nickname).keys { playerByNameKey[key] = e.player }
            playerByTokenHash[e.resumeTokenHash] = e.player
            connectedCount += 1
            activeCount += 1
        case .playerDisconnected(let e):
            guard var player = players[e.player], player.status == .connected else { return }
            player.status = .away
            player.awaySince = e.at
            players[e.player] = player
            connectedCount -= 1
        case .playerReconnected(let e):
            guard var player = players[e.player] else { return }
            if player.status != .connected { connectedCount += 1 }
            // A player who left and joined again from the same device (`decideJoin`).
            if player.status == .left { activeCount += 1 }
            player.status = .connected
            player.awaySince = nil
            if e.resumeTokenHash != player.resumeTokenHash {
                if let older = player.previousResumeTokenHash { playerByTokenHash[older] = nil }
                player.previousResumeTokenHash = player.resumeTokenHash
                player.resumeTokenHash = e.resumeTokenHash
                playerByTokenHash[e.resumeTokenHash] = e.player
            }
            players[e.player] = player
        case .playerLeft(let e):
            guard var player = players[e.player], player.status == .connected || player.status == .away else { return }
            if player.status == .connected { connectedCount -= 1 }
            player.status = .left
            player.awaySince = nil
            playerByTokenHash[player.resumeTokenHash] = nil
            if let older = player.previousResumeTokenHash { playerByTokenHash[older] = nil }
            players[e.player] = player
            activeCount -= 1
        case .playerRenamed(let e):
            guard var player = players[e.player], player.status != .kicked else { return }
            for key in NameSkeleton(player.nickname).keys where playerByNameKey[key] == e.player { playerByNameKey[key] = nil }
            for key in NameSkeleton(e.nickname).keys { playerByNameKey[key] = e.player }
            player.nickname = e.nickname
            players[e.player] = player
        case .playerKicked(let e):
            guard var player = players[e.player], player.status != .kicked else { return }
            if player.status == .connected { connectedCount -= 1 }
            if player.status != .left { activeCount -= 1 }
            player.status = .kicked
            player.awaySince = nil
            playerByTokenHash[player.resumeTokenHash] = nil
            if let older = player.previousResumeTokenHash { playerByTokenHash[older] = nil }
            let keys = NameSkeleton(player.nickname).keys
            // A log written before look-alikes were refused may hold two of them: free only this player's.
            for key in keys where playerByNameKey[key] == e.player { playerByNameKey[key] = nil }
            if e.ban {
                bannedNameKeys.formUnion(keys)
                if let device = player.deviceID { bannedDeviceIDs.insert(device) }
            }
            players[e.player] = player
            recomputeScores()
        case .questionShown(let e):
            asked.append(AskedQuestion(
                sequence: e.sequence, round: e.round, index: e.index, shownAt: e.at, opensAt: e.opensAt,
                deadline: e.deadline, closesAt: e.closesAt, permutation: e.permutation))
            roomBreak = nil
            setPhase(.reading, at: e.at)
        case .answersOpened(let e):
            // The host opened early (`open_buzzers`), or a buzz question waited for the host: the window starts now.
            if let last = asked.indices.last, asked[last].sequence == e.sequence, e.at != asked[last].opensAt {
                let shift = e.at.minus(asked[last].opensAt)
                asked[last].opensAt = e.at
                asked[last].deadline = asked[last].deadline.plus(shift)
                asked[last].closesAt = asked[last].closesAt.plus(shift)
            }
            setPhase(.open, at: e.at)
        case .buzzPressed, .buzzFalseStart, .buzzFloor, .buzzMarked:
            applyBuzz(event)
        case .wagerPlaced(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence else { return }
            asked[last].wagers[e.competitor] = e.amount
            if asked[last].wagerBy[e.competitor] == nil { asked[last].wagerBy[e.competitor] = e.player }
        case .answerRecorded(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence, players[e.player] != nil else { return }
            let textKey = question(asked[last]).kind.module.comparisonKey(e.answer)
            let team = players[e.player]?.team
            asked[last].answers[e.player] = RecordedAnswer(
                value: e.answer, responseMs: e.responseMs, receivedAt: e.at, textKey: textKey, team: team)
            if settings.teamMode, let team, asked[last].teamAnswers[team] == nil { asked[last].teamAnswers[team] = e.player }
        case .answersClosed(let e):
            guard let last = asked.indices.last else { return }
            asked[last].closedAt = e.at
            asked[last].closeReason = e.reason
            // Closed while paused: no answer comes after this pause, so it need not be counted.
            asked[last].pausedAt = nil
            setPhase(.closed, at: e.at)
        case .clockPaused(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence else { return }
            asked[last].pausedAt = e.at
        case .clockResumed(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence, let since = asked[last].pausedAt else { return }
            let stopped = max(0, e.at.minus(since))
            if since < asked[last].opensAt {
                asked[last].opensAt = asked[last].opensAt.plus(stopped)  // paused while players were still reading
            } else {
                asked[last].stoppages.append(Stoppage(start: since, end: e.at))
            }
            asked[last].deadline = asked[last].deadline.plus(stopped)
            asked[last].closesAt = asked[last].closesAt.plus(stopped)
            asked[last].pausedAt = nil
        case .timeAdded(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence else { return }
            asked[last].deadline = asked[last].deadline.plus(e.ms)
            asked[last].closesAt = asked[last].closesAt.plus(e.ms)
        case .questionSkipped(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence else { return }
            asked[last].skipped = true
            asked[last].pausedAt = nil
            if asked[last].closedAt == nil { asked[last].closedAt = e.at }
            // Done with, like a revealed question: `next` (which the skip brings at once) moves on.
            setPhase(.revealed, at: e.at)
        case .answersReopened(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence, let closedAt = asked[last].closedAt else { return }
            // Closed early, the window ended at the close; the time closed is a stoppage like a pause.
            asked[last].stoppages.append(Stoppage(start: min(closedAt, asked[last].deadline), end: max(e.at, closedAt)))
            asked[last].closedAt = nil
            asked[last].closeReason = nil
            asked[last].deadline = e.deadline
            asked[last].closesAt = e.closesAt
            setPhase(.open, at: e.at)
        case .questionRevealed(let e):
            guard let last = asked.indices.last else { return }
            asked[last].revealedAt = e.at
            asked[last].wasRevealed = true
            if settings.teamMode {
                var members: [PlayerID: TeamID] = [:]
                for player in players.values where player.isRanked { if let team = player.team { members[player.id] = team } }
                asked[last].memberTeams = members
            }
            setPhase(.revealed, at: e.at)
            scoreReveal(of: last)
        case .revealUndone(let e):
            guard let last = asked.indices.last, asked[last].sequence == e.sequence, asked[last].isRevealed else { return }
            asked[last].revealedAt = nil
            asked[last].awards = PlayerMap()
            asked[last].teamAwards = [:]
            setPhase(.closed, at: e.at)
            recomputeScores()
        case .answerAccepted(let e):
            guard asked.indices.contains(e.sequence) else { return }
            asked[e.sequence].acceptedExtra.append(e.text)
            recomputeScores()
        case .answerRejected(let e):
            guard asked.indices.contains(e.sequence) else { return }
            let key = TextNormalizer.answerKey(e.text)
            asked[e.sequence].acceptedExtra.removeAll { TextNormalizer.answerKey($0) == key }
            recomputeScores()
        case .answersMerged(let e):
            guard asked.indices.contains(e.sequence) else { return }
            asked[e.sequence].mergeAnswers(from: e.from, into: e.into)
            if asked[e.sequence].isRevealed { recomputeScores() }
        case .scoreAdjusted(let e):
            applyAdjustment(e)
        case .leaderboardShown(let e):
            setPhase(.leaderboard, at: e.at)
        case .tiebreakStarted(let e):
            guard e.number == tiebreaks.count else { return }
            tiebreaks.append(Tiebreak(
                number: e.number, text: e.text, answer: e.answer,
                competitors: e.players.map(Competitor.player) + e.teams.map(Competitor.team),
                startedAt: e.at, deadline: e.deadline, closesAt: e.closesAt))
            setPhase(.tiebreak, at: e.at)
        case .tiebreakAnswered(let e):
            guard let last = tiebreaks.indices.last, tiebreaks[last].number == e.number else { return }
            let competitor: Competitor = e.team.map(Competitor.team) ?? .player(e.player)
            guard tiebreaks[last].answers[competitor] == nil else { return }
            tiebreaks[last].answers[competitor] = TiebreakAnswer(player: e.player, value: e.value, responseMs: e.responseMs)
        case .tiebreakEnded(let e):
            guard let last = tiebreaks.indices.last, tiebreaks[last].number == e.number, !tiebreaks[last].isOver else { return }
            tiebreaks[last].endedAt = e.at
            tiebreaks[last].places = tiebreaks[last].decidePlaces()
            setPhase(.leaderboard, at: e.at)
        case .breakStarted(let e):
            roomBreak = RoomBreak(round: e.round, title: e.title, text: e.text, upNext: e.upNext, startedAt: e.at, endsAt: e.endsAt)
            setPhase(.onBreak, at: e.at)
        case .breakCountdownChanged(let e):
            guard phase == .onBreak else { return }
            roomBreak?.endsAt = e.endsAt
        case .roomEnded(let e):
            endReason = e.reason
            setPhase(.ended, at: e.at)
        case .gameCorrected(let e):
            applyCorrection(e)
        }
    }

    private mutating func setPhase(_ phase: RoomPhase, at instant: GameInstant) {
        self.phase = phase
        phaseSince = instant
    }
}
