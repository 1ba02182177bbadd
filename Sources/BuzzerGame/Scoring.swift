/// The scoring formulas, as pure integer functions (docs/game-rules.md has worked examples).
package enum Scoring {
    /// Points for a full right answer before any streak bonus.
    /// speed: P = 1000 × multiplier; t ≤ fullPointsWithin -> P; else round(P × (1 − (t/T)/2)), t capped at T.
    /// flat: 1 × multiplier.
    package static func basePoints(
        mode: ScoringMode, multiplier: Int, responseMs: GameDuration, timeLimitMs: GameDuration, fullPointsWithinMs: GameDuration
    ) -> Int {
        switch mode {
        case .flat:
            return multiplier
        case .speed:
            let p = Int64(multiplier).times(1000)
            guard timeLimitMs > 0, responseMs > fullPointsWithinMs else { return Int(p) }
            let t = min(max(responseMs, 0), timeLimitMs)
            // P × (2T − t) / 2T, rounded half up, in integers so every platform agrees.
            // Saturating: the settings and the log's ranges keep these small, but a score must never trap.
            let numerator = p.times(timeLimitMs.times(2).minus(t))
            let denominator = timeLimitMs.times(2)
            return Int(numerator.times(2).plus(denominator) / denominator.times(2))
        }
    }

    /// Speed scoring bonus for a right answer that makes the streak `streak` long:
    /// +100 per step from the second right answer in a row, capped at +500.
    package static func streakBonus(streak: Int) -> Int {
        guard streak >= 2 else { return 0 }
        return min(100 * (streak - 1), 500)
    }

    /// Multi credit as an exact fraction. perItem: max(0, right picked − wrong picked) / total right;
    /// allOrNothing: 1 only for exactly the right set.
    package static func multiCredit(picked: [Int], correct: [Int], rule: PartialCredit = .perItem) -> (numerator: Int, denominator: Int) {
        let correctSet = Set(correct)
        let pickedSet = Set(picked)
        let right = pickedSet.intersection(correctSet).count
        let wrong = pickedSet.subtracting(correctSet).count
        switch rule {
        case .perItem: return (max(0, right - wrong), max(1, correctSet.count))
        case .allOrNothing: return (pickedSet == correctSet ? 1 : 0, 1)
        }
    }

    /// Order credit as an exact fraction, for `placed` in pack item indices (the right order is
    /// 0, 1, 2…). perItem: items in their right place / n; allOrNothing: 1 only when all are.
    package static func orderCredit(placed: [Int], count: Int, rule: PartialCredit = .perItem) -> (numerator: Int, denominator: Int) {
        let n = max(1, count)
        let right = placed.count == count ? placed.indices.filter { placed[$0] == $0 }.count : 0
        switch rule {
        case .perItem: return (right, n)
        case .allOrNothing: return (right == count ? 1 : 0, 1)
        }
    }

    /// `points × numerator / denominator`, rounded half up (speed) or floored (flat).
    package static func scaled(_ points: Int, by credit: (numerator: Int, denominator: Int), mode: ScoringMode) -> Int {
        let n = Int64(points).times(Int64(credit.numerator))
        let d = Int64(credit.denominator)
        switch mode {
        case .speed: return Int(n.times(2).plus(d) / d.times(2))
        case .flat: return Int(n / d)
        }
    }

    /// responseTime = max(0, receivedAt − max(writtenAt, opensAt) − min(rtt / 2, cap)).
    /// Counting from the later of "answers opened" and "question reached this socket" means a
    /// slow delivery is not charged to the player; subtracting half the RTT (capped so a client
    /// cannot claim a huge one) removes the answer's own trip to the server.
    package static func responseTime(
        receivedAt: GameInstant, writtenAt: GameInstant, opensAt: GameInstant, rttMs: GameDuration, rttCapMs: GameDuration
    ) -> GameDuration {
        let start = max(writtenAt, opensAt)
        return max(0, receivedAt.minus(start).minus(rttCompensation(rttMs: rttMs, capMs: rttCapMs)))
    }

    /// The one-way delay taken off a message's arrival: half the RTT, capped so a client cannot
    /// claim a huge one. Response times and a buzz's corrected press time both use it.
    package static func rttCompensation(rttMs: GameDuration, capMs: GameDuration) -> GameDuration {
        min(max(rttMs, 0) / 2, capMs)
    }
}
