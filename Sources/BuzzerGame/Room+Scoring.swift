/// The scores the revealed questions add up to, before adjustments: what a reveal adds one question
/// to. Derived from the events like every score, and rebuilt by every full re-scoring.
struct ScoringFold: Sendable, Equatable {
    /// The last question position folded in; -1 before any.
    var through = -1
    var score: [PlayerID: Int] = [:]
    var streak: [PlayerID: Int] = [:]
    var correct: [PlayerID: Int] = [:]
    var teamBonus: [TeamID: Int] = [:]
}

extension Room {
    /// Recomputes every score from the revealed questions, wagers and adjustments, in order.
    /// Called from `apply` whenever an earlier input changes (accept, adjust, kick), so
    /// rescoring an early question correctly ripples through later streaks.
    mutating func recomputeScores() {
        let ranked = rankedIDs
        var fold = ScoringFold()
        for position in asked.indices where asked[position].isRevealed {
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
        foldQuestion(position, ranked: rankedIDs, into: &fold)
        settle(fold)
    }

    /// Players not kicked, in id order (the order scoring visits them). Reads each player in place
    /// rather than copying 10,000 of them with their strings.
    private var rankedIDs: [PlayerID] {
        var ids: [PlayerID] = []
        ids.reserveCapacity(players.count)
        for index in players.values.indices where players.values[index].isRanked { ids.append(players.keys[index]) }
        return ids.sorted()
    }

    /// Scores one revealed question on top of `fold`, recording its awards.
    private mutating func foldQuestion(_ position: Int, ranked: [PlayerID], into fold: inout ScoringFold) {
        let entry = asked[position]
        let question = question(entry)
        let credits = judge(entry, question)
        var awards: [PlayerID: Award] = [:]
        let timeLimitMs = entry.deadline - entry.opensAt

        if pack.rounds[entry.round].wager {
            // Wager questions: only the stake moves; no speed points, streaks untouched.
            for id in ranked where entry.answers[id] != nil {
                let outcome = credits[id].map(Self.outcome) ?? .wrong
                awards[id] = Award(outcome: outcome, points: 0, streakBonus: 0)
            }
            for (competitor, amount) in entry.wagers.sorted(by: { Self.order($0.key, $1.key) }) {
                switch competitor {
                case .player(let id):
                    guard players[id]?.isRanked == true else { continue }
                    let right = credits[id].map(Self.outcome) == .correct
                    fold.score[id, default: 0] += right ? amount : -amount
                    awards[id, default: Award(outcome: .wrong, points: 0, streakBonus: 0)].points = right ? amount : -amount
                case .team(let team):
                    let members = ranked.filter { players[$0]?.team == team && entry.answers[$0] != nil }
                    let rights = members.filter { credits[$0].map(Self.outcome) == .correct }.count
                    let right = rights * 2 > members.count
                    fold.teamBonus[team, default: 0] += right ? amount : -amount
                }
            }
        } else if question.kind == .poll || question.points == 0 {
            for id in ranked where entry.answers[id] != nil {
                awards[id] = Award(outcome: .counted, points: 0, streakBonus: 0)
            }
        } else {
            for id in ranked where players[id]!.firstQuestion <= entry.sequence {
                guard let answer = entry.answers[id], let credit = credits[id], credit.numerator > 0 else {
                    fold.streak[id] = 0
                    if entry.answers[id] != nil { awards[id] = Award(outcome: .wrong, points: 0, streakBonus: 0) }
                    continue
                }
                let base = Scoring.basePoints(
                    mode: settings.scoring, multiplier: question.points, responseMs: answer.responseMs,
                    timeLimitMs: timeLimitMs, fullPointsWithinMs: settings.fullPointsWithinMs)
                var points = Scoring.scaled(base, by: credit, mode: settings.scoring)
                var bonus = 0
                let outcome = Self.outcome(credit)
                if outcome == .correct {
                    fold.streak[id, default: 0] += 1
                    fold.correct[id, default: 0] += 1
                    if settings.scoring == .speed && settings.streakBonus {
                        bonus = Scoring.streakBonus(streak: fold.streak[id]!)
                        points += bonus
                    }
                } else {
                    fold.streak[id] = 0
                }
                fold.score[id, default: 0] += points
                awards[id] = Award(outcome: outcome, points: points, streakBonus: bonus)
            }
        }
        asked[position].awards = awards
        fold.through = position
    }

    /// Keeps `fold` for the next reveal, then sets every player's and team's totals: the fold plus
    /// the host's adjustments.
    private mutating func settle(_ fold: ScoringFold) {
        scoringFold = fold
        var score = fold.score, teamBonus = fold.teamBonus
        for adjustment in adjustments {
            if let id = adjustment.player, players[id]?.isRanked == true { score[id, default: 0] += adjustment.delta }
            if let team = adjustment.team { teamBonus[team, default: 0] += adjustment.delta }
        }
        // Through the values' indices: one in-place write per player, no hashing (10,000 players per reveal).
        for index in players.values.indices {
            let id = players.keys[index]
            players.values[index].score = score[id] ?? 0
            players.values[index].streak = fold.streak[id] ?? 0
            players.values[index].correctCount = fold.correct[id] ?? 0
        }
        for id in teams.keys {
            teams[id]!.bonus = teamBonus[id] ?? 0
        }
    }

    /// Credit (as a fraction) of each answer to one question; absent = no credit to give (poll).
    /// Number questions: every answer at the smallest distance from the truth gets full credit.
    func judge(_ entry: AskedQuestion, _ question: Question) -> [PlayerID: (numerator: Int, denominator: Int)] {
        var credits: [PlayerID: (numerator: Int, denominator: Int)] = [:]
        switch question.content {
        case let .choice(_, answer):
            for (id, recorded) in entry.answers {
                credits[id] = recorded.value == .choice(answer) ? (1, 1) : (0, 1)
            }
        case let .multi(_, answers):
            for (id, recorded) in entry.answers {
                guard case .multi(let picked) = recorded.value else { credits[id] = (0, 1); continue }
                credits[id] = Scoring.multiCredit(picked: picked, correct: answers)
            }
        case .truefalse(let answer):
            for (id, recorded) in entry.answers {
                credits[id] = recorded.value == .truefalse(answer) ? (1, 1) : (0, 1)
            }
        case .text(let accepted):
            let keys = Set((accepted + entry.acceptedExtra).map(TextNormalizer.answerKey))
            for (id, recorded) in entry.answers {
                guard case .text(let text) = recorded.value else { credits[id] = (0, 1); continue }
                credits[id] = keys.contains(recorded.textKey ?? TextNormalizer.answerKey(text)) ? (1, 1) : (0, 1)
            }
        case .number(let truth):
            var best = Double.infinity
            for (id, recorded) in entry.answers where players[id]?.isRanked == true {
                if case .number(let value) = recorded.value { best = min(best, abs(value - truth)) }
            }
            for (id, recorded) in entry.answers {
                guard case .number(let value) = recorded.value else { credits[id] = (0, 1); continue }
                credits[id] = abs(value - truth) == best ? (1, 1) : (0, 1)
            }
        case .poll:
            break
        }
        return credits
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
