/// How points are earned for a right answer.
package enum ScoringMode: String, Codable, Sendable, Equatable {
    /// Kahoot-style: faster right answers earn more (see docs/game-rules.md).
    case speed
    /// One point (times the question multiplier) per right answer.
    case flat
}

/// How a team's standing is derived from its members' scores.
package enum TeamStandingMode: String, Codable, Sendable, Equatable {
    /// Mean of member scores, so a big team has no edge over a small one.
    case average
    /// Total of member scores.
    case sum
}

/// The host's choices for one room (defaults from the "game.roomDefaults" config section).
/// Field names are camelCase like config.json; any field missing when decoding takes its default.
package struct RoomSettings: Codable, Sendable, Equatable {
    /// Whether new players may join after the first question.
    package var lateJoin = true
    /// Time between a question appearing and answers opening.
    package var readingTimeMs: GameDuration = 3000
    /// Answer window when a question has no `timeLimit` of its own.
    package var timeLimitSeconds = 20
    /// Answers received up to this long after the deadline still count (network jitter).
    package var answerGraceMs: GameDuration = 500
    /// Close a question as soon as every connected player has answered (not with `allowAnswerChange`:
    /// then the clock runs out, or the host closes).
    package var closeWhenAllAnswered = true
    /// A player who drops still counts for `closeWhenAllAnswered` this long (bar Wi-Fi comes back), or
    /// until they return; past it the question closes if everyone else has answered.
    package var dropGraceMs: GameDuration = 5000
    /// Players may change their answer until the deadline; the last one counts, timed when it arrived.
    package var allowAnswerChange = false
    /// Reveal, advance and leave leaderboards on timers instead of waiting for the host.
    package var autoAdvance = false
    /// With auto-advance: from answers closing to the reveal.
    package var autoRevealDelayMs: GameDuration = 2000
    /// With auto-advance: from the reveal to the next question (or round leaderboard).
    package var autoAdvanceDelayMs: GameDuration = 8000
    /// With auto-advance: how long a leaderboard stays up.
    package var leaderboardDelayMs: GameDuration = 10000
    /// Shuffle the options of choice, multi and poll questions, per question, from the room seed.
    package var shuffleOptions = false
    package var scoring: ScoringMode = .speed
    /// Speed scoring only: +100 per consecutive right answer from the second, capped at +500.
    package var streakBonus = true
    package var teamStanding: TeamStandingMode = .average
    /// How many places the final podium shows (ties may add more people).
    package var podiumSize = 3
    package var maxPlayers = 2000
    /// Seats a room hands out in all, those of players who left or were removed included: a guest who
    /// joins and leaves again and again would otherwise grow the room without end. Never fewer than
    /// `maxPlayers`. A resume, or a rejoin from the same device under the same name, takes the old seat.
    package var maxSeats = 4000
    /// Teams players may create by typing a name (merged ones included); past it a join must name one
    /// that exists. The host's team list (`teams`) is bounded by `maxListedTeams` instead.
    package var maxTeams = 500
    /// How long a player who dropped may come back with their resume token.
    package var resumeGraceMs: GameDuration = 300_000
    /// How long the room waits for a disconnected host before ending.
    package var hostAwayGraceMs: GameDuration = 120_000
    /// Upper bound on the half-RTT subtracted from a response time, so a client cannot claim a slow link.
    package var rttCompensationCapMs: GameDuration = 250
    /// Speed scoring: answers within this long of opening earn full points.
    package var fullPointsWithinMs: GameDuration = 500
    package var nicknameMaxLength = 24
    package var teamNameMaxLength = 24
    package var maxTextAnswerLength = 200
    /// Words a nickname or team name may not contain (matched as whole words, case and accents ignored).
    package var blockedNames: [String] = []
    /// The host's team list (table names or numbers). Empty: players type any team name, or none.
    /// Set: every player picks one of these (docs/game-rules.md, "Teams").
    package var teams: [String] = []
    /// One answer per team: the first member's answer locks it for the whole team, and every
    /// member scores on it (docs/game-rules.md, "Team mode"). Players without a team answer alone.
    package var teamMode = false
    /// Ask each round's questions in an order shuffled with the room's seed (rounds keep their order).
    package var shuffleQuestions = false

    package init() {}

    /// The JSON names of every setting, for refusing unknown ones.
    package static let fieldNames: Set<String> = Set(CodingKeys.allCases.map(\.rawValue))

    /// `userInfo` key: the settings a decode starts from (the server's defaults), instead of `RoomSettings()`.
    package static let startingPoint = CodingUserInfoKey(rawValue: "buzzer.roomSettings.startingPoint")!

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case lateJoin, readingTimeMs, timeLimitSeconds, answerGraceMs, closeWhenAllAnswered, dropGraceMs, allowAnswerChange, autoAdvance
        case autoRevealDelayMs, autoAdvanceDelayMs, leaderboardDelayMs, shuffleOptions, scoring, streakBonus
        case teamStanding, podiumSize, maxPlayers, maxSeats, maxTeams, resumeGraceMs, hostAwayGraceMs, rttCompensationCapMs
        case fullPointsWithinMs, nicknameMaxLength, teamNameMaxLength, maxTextAnswerLength, blockedNames, teams, teamMode, shuffleQuestions
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = decoder.userInfo[Self.startingPoint] as? RoomSettings ?? RoomSettings()
        func read<T: Decodable>(_ key: CodingKeys, _ field: inout T) throws {
            if let value = try c.decodeIfPresent(T.self, forKey: key) { field = value }
        }
        try read(.lateJoin, &s.lateJoin)
        try read(.readingTimeMs, &s.readingTimeMs)
        try read(.timeLimitSeconds, &s.timeLimitSeconds)
        try read(.answerGraceMs, &s.answerGraceMs)
        try read(.closeWhenAllAnswered, &s.closeWhenAllAnswered)
        try read(.dropGraceMs, &s.dropGraceMs)
        try read(.allowAnswerChange, &s.allowAnswerChange)
        try read(.autoAdvance, &s.autoAdvance)
        try read(.autoRevealDelayMs, &s.autoRevealDelayMs)
        try read(.autoAdvanceDelayMs, &s.autoAdvanceDelayMs)
        try read(.leaderboardDelayMs, &s.leaderboardDelayMs)
        try read(.shuffleOptions, &s.shuffleOptions)
        try read(.scoring, &s.scoring)
        try read(.streakBonus, &s.streakBonus)
        try read(.teamStanding, &s.teamStanding)
        try read(.podiumSize, &s.podiumSize)
        try read(.maxPlayers, &s.maxPlayers)
        try read(.maxSeats, &s.maxSeats)
        try read(.maxTeams, &s.maxTeams)
        try read(.resumeGraceMs, &s.resumeGraceMs)
        try read(.hostAwayGraceMs, &s.hostAwayGraceMs)
        try read(.rttCompensationCapMs, &s.rttCompensationCapMs)
        try read(.fullPointsWithinMs, &s.fullPointsWithinMs)
        try read(.nicknameMaxLength, &s.nicknameMaxLength)
        try read(.teamNameMaxLength, &s.teamNameMaxLength)
        try read(.maxTextAnswerLength, &s.maxTextAnswerLength)
        try read(.blockedNames, &s.blockedNames)
        try read(.teams, &s.teams)
        try read(.teamMode, &s.teamMode)
        try read(.shuffleQuestions, &s.shuffleQuestions)
        self = s
    }

    /// The seats a room hands out in all: `maxSeats`, but never fewer than `maxPlayers`.
    package var seatLimit: Int { Swift.max(maxSeats, maxPlayers) }

    /// A bar has tables, not hundreds of them.
    package static let maxListedTeams = 100

    /// The documented range of each numeric setting (docs/configuration.md, "Room settings").
    /// A host sends these in `create`, so none may be large enough to overflow a timer's sum.
    package static let ranges: [(name: String, range: ClosedRange<Int64>, value: @Sendable (RoomSettings) -> Int64)] = [
        ("readingTimeMs", 0...60_000, { $0.readingTimeMs }),
        ("timeLimitSeconds", 1...3600, { Int64($0.timeLimitSeconds) }),
        ("answerGraceMs", 0...10_000, { $0.answerGraceMs }),
        ("dropGraceMs", 0...60_000, { $0.dropGraceMs }),
        ("autoRevealDelayMs", 0...3_600_000, { $0.autoRevealDelayMs }),
        ("autoAdvanceDelayMs", 0...3_600_000, { $0.autoAdvanceDelayMs }),
        ("leaderboardDelayMs", 0...3_600_000, { $0.leaderboardDelayMs }),
        ("podiumSize", 1...100, { Int64($0.podiumSize) }),
        ("maxPlayers", 1...100_000, { Int64($0.maxPlayers) }),
        ("maxSeats", 1...200_000, { Int64($0.maxSeats) }),
        ("maxTeams", 1...100_000, { Int64($0.maxTeams) }),
        ("resumeGraceMs", 0...86_400_000, { $0.resumeGraceMs }),
        ("hostAwayGraceMs", 0...86_400_000, { $0.hostAwayGraceMs }),
        ("rttCompensationCapMs", 0...5_000, { $0.rttCompensationCapMs }),
        ("fullPointsWithinMs", 0...60_000, { $0.fullPointsWithinMs }),
        ("nicknameMaxLength", 1...64, { Int64($0.nicknameMaxLength) }),
        ("teamNameMaxLength", 1...64, { Int64($0.teamNameMaxLength) }),
        ("maxTextAnswerLength", 1...1000, { Int64($0.maxTextAnswerLength) }),
    ]

    /// At most this many blocked words, each at most `maxBlockedNameLength` characters.
    package static let maxBlockedNames = 1000
    package static let maxBlockedNameLength = 100

    /// The first setting out of its documented range, as a sentence; nil when all are fine.
    package func problem() -> String? {
        for (name, range, value) in Self.ranges where !range.contains(value(self)) {
            return "\(name) must be \(range.lowerBound)-\(range.upperBound) (found \(value(self)))"
        }
        if blockedNames.count > Self.maxBlockedNames { return "blockedNames lists at most \(Self.maxBlockedNames) words" }
        if let long = blockedNames.first(where: { $0.count > Self.maxBlockedNameLength }) {
            return "\"\(long.prefix(40))…\" in blockedNames is longer than \(Self.maxBlockedNameLength) characters"
        }
        if teams.count > Self.maxListedTeams { return "teams lists at most \(Self.maxListedTeams) teams" }
        var seen: Set<NameSkeleton.Key> = []
        for name in teams {
            let clean = name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if clean.isEmpty || clean != name { return "every name in teams must be trimmed and not empty (\"\(name)\")" }
            if clean.count > teamNameMaxLength { return "\"\(name)\" in teams is longer than teamNameMaxLength (\(teamNameMaxLength))" }
            let keys = NameSkeleton(clean).keys
            if keys.contains(where: seen.contains) { return "\"\(name)\" is in teams twice (or looks like another name there)" }
            seen.formUnion(keys)
        }
        return nil
    }
}
