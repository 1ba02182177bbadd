import Testing
@testable import BuzzerGame

@Suite struct ScoringTests {
    private func speed(_ t: GameDuration, limit: GameDuration = 20_000, multiplier: Int = 1) -> Int {
        Scoring.basePoints(mode: .speed, multiplier: multiplier, responseMs: t, timeLimitMs: limit, fullPointsWithinMs: 500)
    }

    @Test func speedScoringHalvesLinearlyOverTheTimeLimit() {
        #expect(speed(10_000) == 750)
        #expect(speed(20_000) == 500)
        #expect(speed(30_000) == 500)  // capped at T
        #expect(speed(5_000) == 875)
        #expect(speed(1_000) == 975)
        #expect(speed(1_001) == 975)  // 974.975 rounds to 975
        #expect(speed(13_333) == 667)  // 666.675 rounds to 667
    }

    @Test func answersWithinHalfASecondEarnFullPoints() {
        #expect(speed(400) == 1000)
        #expect(speed(500) == 1000)
        #expect(speed(0) == 1000)
        #expect(speed(501) == 987)  // 1000 × (1 − 0.501/40) = 987.475
    }

    @Test func multiplierScalesSpeedAndFlatPoints() {
        #expect(speed(10_000, multiplier: 2) == 1500)
        #expect(speed(400, multiplier: 2) == 2000)
        #expect(speed(10_000, multiplier: 0) == 0)
        #expect(Scoring.basePoints(mode: .flat, multiplier: 2, responseMs: 19_000, timeLimitMs: 20_000, fullPointsWithinMs: 500) == 2)
        #expect(Scoring.basePoints(mode: .flat, multiplier: 1, responseMs: 0, timeLimitMs: 20_000, fullPointsWithinMs: 500) == 1)
    }

    @Test func streakBonusGrowsByOneHundredFromTheSecondAndCapsAtFiveHundred() {
        #expect((1...8).map { Scoring.streakBonus(streak: $0) } == [0, 100, 200, 300, 400, 500, 500, 500])
    }

    @Test func multiCreditSubtractsWrongPicksAndFloorsAtZero() {
        #expect(Scoring.multiCredit(picked: [0, 2], correct: [0, 2]) == (2, 2))
        #expect(Scoring.multiCredit(picked: [0], correct: [0, 2]) == (1, 2))
        #expect(Scoring.multiCredit(picked: [0, 1], correct: [0, 2]) == (0, 2))
        #expect(Scoring.multiCredit(picked: [1, 3], correct: [0, 2]) == (0, 2))
        #expect(Scoring.multiCredit(picked: [0, 2, 1], correct: [0, 2, 3]) == (1, 3))
        #expect(Scoring.scaled(1000, by: (1, 2), mode: .speed) == 500)
        #expect(Scoring.scaled(1000, by: (1, 3), mode: .speed) == 333)
        #expect(Scoring.scaled(2, by: (1, 2), mode: .flat) == 1)
        #expect(Scoring.scaled(1, by: (1, 2), mode: .flat) == 0)
    }

    @Test func responseTimeCountsFromTheLaterOfOpeningAndDeliveryMinusHalfTheCappedRTT() {
        // Delivered before answers opened: count from opening; RTT 200 -> 100 off.
        #expect(Scoring.responseTime(receivedAt: 10_000, writtenAt: 1_000, opensAt: 3_000, rttMs: 200, rttCapMs: 250) == 6_900)
        // Delivered late (joined mid-question): count from delivery.
        #expect(Scoring.responseTime(receivedAt: 10_000, writtenAt: 8_000, opensAt: 3_000, rttMs: 0, rttCapMs: 250) == 2_000)
        // A claimed 10 s RTT is capped at 250 ms.
        #expect(Scoring.responseTime(receivedAt: 10_000, writtenAt: 1_000, opensAt: 3_000, rttMs: 10_000, rttCapMs: 250) == 6_750)
        // Never negative.
        #expect(Scoring.responseTime(receivedAt: 3_100, writtenAt: 1_000, opensAt: 3_000, rttMs: 400, rttCapMs: 250) == 0)
    }
}
