extension Room {
    /// Recomputes every score from the revealed questions, wagers and adjustments, in order.
    /// Called from `apply` whenever an input changes (reveal, accept, adjust, kick), so
    /// rescoring an early question correctly ripples through later streaks.
    mutating func recomputeScores() {
        var score: [PlayerID: Int] = [:]
        var streak: [PlayerID: Int] = [:]
        var correct: [PlayerID: Int] = [:]
        var teamBonus: [TeamID: Int] = [:]
        let ranked = players.values.filter(\.isRanked).map(\.id).sorted()

        for position in asked.indices where asked[position].isRevealed {
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
                        score[id, default: 0] += right ? amount : -amount
                        awards[id, default: Award(outcome: .wrong, points: 0, streakBonus: 0)].points = right ? amount : -amount
                    case .team(let team):
                        let members = ranked.filter { players[$0]?.team == team && entry.answers[$0] != nil }
                        let rights = members.filter { credits[$0].map(Self.outcome) == .correct }.count
                        let right = rights * 2 > members.count
                        teamBonus[team, default: 0] += right ? amount : -amount
                    }
                }
            } else if question.kind == .poll || question.points == 0 {
                for id in ranked where entry.answers[id] != nil {
                    awards[id] = Award(outcome: .counted, points: 0, streakBonus: 0)
                }
            } else {
                for id in ranked where players[id]!.firstQuestion <= entry.sequence {
                    guard let answer = entry.answers[id], let credit = credits[id], credit.numerator > 0 else {
                        streak[id] = 0
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
                        streak[id, default: 0] += 1
                        correct[id, default: 0] += 1
                        if settings.scoring == .speed && settings.streakBonus {
                            bonus = Scoring.streakBonus(streak: streak[id]!)
                            points += bonus
                        }
                    } else {
                        streak[id] = 0
                    }
                    score[id, default: 0] += points
                    awards[id] = Award(outcome: outcome, points: points, streakBonus: bonus)
                }
            }
            asked[position].awards = awards
        }
        for adjustment in adjustments {
            if let id = adjustment.player, players[id]?.isRanked == true { score[id, default: 0] += adjustment.delta }
            if let team = adjustment.team { teamBonus[team, default: 0] += adjustment.delta }
        }
        for id in players.keys {
            players[id]!.score = score[id] ?? 0
            players[id]!.streak = streak[id] ?? 0
            players[id]!.correctCount = correct[id] ?? 0
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
