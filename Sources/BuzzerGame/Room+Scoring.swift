/// The scores the revealed questions add up to, before adjustments: what a reveal adds one question
/// to. Derived from the events like every score, and rebuilt by every full re-scoring.
struct ScoringFold: Sendable, Equatable {
    /// One player's running totals: one dictionary entry per player, so a reveal hashes each id once.
    struct Tally: Sendable, Equatable {
        var score = 0
        var streak = 0
        var correct = 0
    }

    /// The last question position folded in; -1 before any.
    var through = -1
    var tally = PlayerMap<Tally>()
    var teamBonus: [TeamID: Int] = [:]
}

extension Room {
    /// A player scoring visits: the fields it needs, read once per scoring instead of per question.
    struct RankedPlayer {
        var id: PlayerID
        var firstQuestion: Int
        var team: TeamID?
    }

    /// Recomputes every score from the revealed questions, wagers and adjustments, in order.
    /// Called from `apply` whenever an earlier input changes (accept, adjust, kick), so
    /// rescoring an early question correctly ripples through later streaks.
    mutating func recomputeScores() {
        let ranked = rankedPlayers
        var fold = ScoringFold()
        for position in asked.indices where asked[position].isRevealed {
            if asked[position].voided {
                asked[position].awards = PlayerMap()
                asked[position].teamAwards = [:]
                continue
            }
            foldQuestion(position, ranked: ranked, into: &fold)
        }
        settle(fold)
    }

    /// A reveal adds only the newly revealed question to the fold the last scoring left: every other
    /// input that could change an earlier question's points (an accepted answer, a kick) re-scores
    /// everything and rebuilds the fold, and a late joiner has no answers before `firstQuestion`.
    /// Same result as `recomputeScores()` (RoomScoringTests compares the two after every reveal), but
    /// a 10,000-player room's tenth reveal no longer re-scores nine questions on the room's loop.
    mutating func scoreReveal(of position: Int) {
        let previous = asked.indices.last { $0 < position && asked[$0].isRevealed } ?? -1
        guard var fold = scoringFold, fold.through == previous else {
            recomputeScores()
            return
        }
        scoringFold = nil  // the fold is mutated in place below, not copied
        foldQuestion(position, ranked: rankedPlayers, into: &fold)
        settle(fold)
    }

    /// Players not kicked, in id order (the order scoring visits them).
    private var rankedPlayers: [RankedPlayer] {
        var ranked: [RankedPlayer] = []
        ranked.reserveCapacity(players.count)
        for player in players.values where player.isRanked {
            ranked.append(RankedPlayer(id: player.id, firstQuestion: player.firstQuestion, team: player.team))
        }
        return ranked
    }

    /// Scores one revealed question on top of `fold`, recording its awards.
    private mutating func foldQuestion(_ position: Int, ranked: [RankedPlayer], into fold: inout ScoringFold) {
        let entry = asked[position]
        let question = question(entry)
        let judge = AnswerJudge(entry, question, partialCredit: pack.partialCredit(for: question), rankedPlayers: isRanked)
        var awards = PlayerMap<Award>()
        awards.reserveCapacity(players.count)
        var teamAwards: [TeamID: Int] = [:]
        let timeLimitMs = entry.answerWindowMs
        let module = question.kind.module

        if pack.rounds[entry.round].wager {
            // Wager questions: only the stake moves; no speed points, streaks untouched.
            for player in ranked {
                guard let answer = entry.answers[player.id] else { continue }
                let outcome = judge.credit(answer).map(Self.outcome) ?? .wrong
                awards[player.id] = Award(outcome: outcome, points: 0, streakBonus: 0)
            }
            for (competitor, amount) in entry.wagers.sorted(by: { Self.order($0.key, $1.key) }) {
                switch competitor {
                case .player(let id):
                    guard isRanked(id) else { continue }
                    let right = entry.answers[id].flatMap(judge.credit).map(Self.outcome) == .correct
                    fold.tally[id, default: ScoringFold.Tally()].score.add(right ? amount : -amount)
                    awards[id, default: Award(outcome: nil, points: 0, streakBonus: 0)].points = right ? amount : -amount
                case .team(let team):
                    var answers: [RecordedAnswer] = []
                    for player in ranked { if let answer = entry.answers[player.id], answer.team == team { answers.append(answer) } }
                    let rights = answers.filter { judge.credit($0).map(Self.outcome) == .correct }.count
                    let right = rights * 2 > answers.count
                    fold.teamBonus[team, default: 0].add(right ? amount : -amount)
                    teamAwards[team] = right ? amount : -amount
                }
            }
        } else if !question.kind.module.isScored(question.content) || question.points == 0 {
            for player in ranked where entry.answers[player.id] != nil {
                awards[player.id] = Award(outcome: .counted, points: 0, streakBonus: 0)
            }
        } else {
            for player in ranked where player.firstQuestion <= entry.sequence {
                let id = player.id
                let answer = entry.answers[id] ?? teamAnswer(for: player, in: entry)
                // One hash of `id` into the fold for the whole update.
                fold.tally[id, default: ScoringFold.Tally()].update { tally in
                    let judged = answer.flatMap { judge.credit($0) }
                    guard let answer, let credit = judged, credit.numerator > 0 else {
                        // An answer with no credit to judge (a buzz the host never marked) is counted, streak untouched.
                        if answer != nil, judged == nil {
                            awards[id] = Award(outcome: .counted, points: 0, streakBonus: 0)
                            return
                        }
                        tally.streak = 0
                        // A wrong answer may cost points (a buzz's penalty); 0 for the other kinds.
                        let penalty = answer.map { module.penalty(question.content, $0) } ?? 0
                        if penalty > 0 { tally.score.add(-penalty) }
                        if answer != nil { awards[id] = Award(outcome: .wrong, points: -penalty, streakBonus: 0) }
                        return
                    }
                    let base = Scoring.basePoints(
                        mode: settings.scoring, multiplier: question.points, responseMs: answer.responseMs,
                        timeLimitMs: timeLimitMs, fullPointsWithinMs: settings.fullPointsWithinMs)
                    // What the room's mechanics did on the question (hints shown) scales it before the streak bonus.
                    var points = RoomMechanics.points(Scoring.scaled(base, by: credit, mode: settings.scoring), entry, question)
                    var bonus = 0
                    let outcome = Self.outcome(credit)
                    if outcome == .correct {
                        tally.streak += 1
                        tally.correct += 1
                        if settings.scoring == .speed && settings.streakBonus {
                            bonus = Scoring.streakBonus(streak: tally.streak)
                            points.add(bonus)
                        }
                    } else {
                        tally.streak = 0
                    }
                    tally.score.add(points)
                    awards[id] = Award(outcome: outcome, points: points, streakBonus: bonus)
                }
            }
        }
        asked[position].awards = awards
        asked[position].teamAwards = teamAwards
        fold.through = position
    }

    /// Team mode: the answer that is `player`'s team's on this question (as the team stood at the reveal).
    private func teamAnswer(for player: RankedPlayer, in entry: AskedQuestion) -> RecordedAnswer? {
        guard settings.teamMode, let team = entry.memberTeams?[player.id] ?? player.team, let by = entry.teamAnswers[team] else { return nil }
        return entry.answers[by]
    }

    /// Adds one adjustment to the log's list and to its running sum, without scoring anything.
    mutating func recordAdjustment(_ adjustment: ScoreAdjusted) {
        adjustments.append(adjustment)
        if let id = adjustment.player { adjustedPlayers[id, default: 0].add(adjustment.delta) }
        if let team = adjustment.team { adjustedTeams[team, default: 0].add(adjustment.delta) }
    }

    /// A host's `adjust`: only the total it names moves, to what `settle` would make it (the last
    /// scoring's fold plus the running sum), so a room's ten-thousandth adjustment costs what its first did.
    mutating func applyAdjustment(_ adjustment: ScoreAdjusted) {
        recordAdjustment(adjustment)
        if let id = adjustment.player, isRanked(id) {
            let scored = scoringFold?.tally[id]?.score ?? 0
            players[id]!.score = scored.plus(adjustedPlayers[id] ?? 0)
        }
        if let team = adjustment.team, teams[team] != nil {
            teams[liveTeam(team)]!.bonus.add(adjustment.delta)
        }
    }

    /// Keeps `fold` for the next reveal, then sets every player's and team's totals: the fold plus
    /// the host's adjustments (their running sums).
    private mutating func settle(_ fold: ScoringFold) {
        var teamBonus = fold.teamBonus
        for (team, delta) in adjustedTeams { teamBonus[team, default: 0].add(delta) }
        let adjusted = adjustedPlayers
        players.updateEach { id, player in
            let tally = fold.tally[id] ?? ScoringFold.Tally()
            let own = adjusted.isEmpty || !player.isRanked ? 0 : adjusted[id] ?? 0
            player.score = tally.score.plus(own)
            player.streak = tally.streak
            player.correctCount = tally.correct
        }
        for id in teams.keys { teams[id]!.bonus = 0 }
        // A merged team's own points are the team's it merged into.
        for (id, bonus) in teamBonus where teams[id] != nil { teams[liveTeam(id)]!.bonus.add(bonus) }
        scoringFold = fold
    }

    static func outcome(_ credit: (numerator: Int, denominator: Int)) -> AnswerOutcome {
        if credit.numerator == 0 { return .wrong }
        return credit.numerator >= credit.denominator ? .correct : .partial
    }

    private static func order(_ a: Competitor, _ b: Competitor) -> Bool {
        switch (a, b) {
        case let (.player(x), .player(y)): x < y
        case let (.team(x), .team(y)): x < y
        case (.player, .team): true
        case (.team, .player): false
        }
    }
}

extension ScoringFold.Tally {
    /// Runs `body` on the tally in place (through `Dictionary`'s `default:` subscript, one lookup).
    mutating func update<Result>(_ body: (inout Self) -> Result) -> Result { body(&self) }
}
