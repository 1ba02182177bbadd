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

    mutating func addTeam(_ id: TeamID, name: String) {
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

    /// Folds one event into the state: its type's `apply` (Sources/BuzzerGame/Events/). Never fails:
    /// events come from `handle`, which validated them; an event naming something unknown (a damaged
    /// log) is ignored.
    package mutating func apply(_ event: RoomEvent) {
        event.visit(Applying.self, &self)
        // A kind's event may make it take or let go of the clock (a buzz's floor); the answer path never comes here.
        if case .extended = event { syncClockHold(at: event.at) }
    }

    mutating func setPhase(_ phase: RoomPhase, at instant: GameInstant) {
        self.phase = phase
        phaseSince = instant
    }
}
