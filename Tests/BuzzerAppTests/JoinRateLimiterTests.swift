@testable import BuzzerApp
import Testing

/// The wrong-code limiter on its own, with the clock in the test's hands (milliseconds).
@Suite struct JoinRateLimiterTests {
    static func limiter(perMinute: Int = 3, perConnection: Int = 5, delay: Int64 = 250) -> JoinRateLimiter {
        JoinRateLimiter(policy: JoinRateLimiter.Policy(
            failuresPerMinute: perMinute, failuresPerConnection: perConnection, delayMilliseconds: delay))
    }

    /// A wrong code on a fresh connection each time, so only the address's budget is in play.
    static func fail(_ limiter: inout JoinRateLimiter, _ address: String = "10.0.0.1", at now: Int64) -> JoinRateLimiter.Verdict {
        limiter.recordFailure(from: address, connectionFailures: 0, now: now)
    }

    @Test func anAddressHasItsPerMinuteBudgetOfWrongCodesThenIsRateLimited() {
        var limiter = Self.limiter(perMinute: 3)
        for _ in 0..<3 {
            #expect(Self.fail(&limiter, at: 0) == .init(overLimitBy: 0, delayMilliseconds: 0, closesConnection: false))
        }
        #expect(limiter.isLimited("10.0.0.1", now: 0), "the bucket is full: the next wrong code is over")
        let fourth = Self.fail(&limiter, at: 0)
        #expect(fourth.isRateLimited)
        #expect(fourth.closesConnection)
        // Another address behind another router is untouched.
        #expect(!Self.fail(&limiter, "10.0.0.2", at: 0).isRateLimited)
    }

    @Test func pastTheLimitEachWrongCodeWaitsLongerUpToThirtyTwoTimesTheFirstDelay() {
        var limiter = Self.limiter(perMinute: 20, delay: 100)
        for _ in 0..<20 { _ = Self.fail(&limiter, at: 0) }
        // Over the limit by 1, 2, …, 8: 100, 200, 400, 800, 1600, 3200 ms, then no longer.
        let verdicts = (0..<8).map { _ in Self.fail(&limiter, at: 0) }
        #expect(verdicts.map(\.overLimitBy) == Array(1...8))
        #expect(verdicts.map(\.delayMilliseconds) == [100, 200, 400, 800, 1600, 3200, 3200, 3200])
        #expect(verdicts.allSatisfy { $0.closesConnection })
    }

    @Test func theBucketDrainsAtTheLimitsRate() {
        var limiter = Self.limiter(perMinute: 3)  // one wrong code's worth drains every 20 s
        for _ in 0..<3 { _ = Self.fail(&limiter, at: 0) }
        #expect(limiter.isLimited("10.0.0.1", now: 19_999))
        #expect(!limiter.isLimited("10.0.0.1", now: 20_000))
        #expect(!Self.fail(&limiter, at: 20_000).isRateLimited)
        #expect(Self.fail(&limiter, at: 20_000).isRateLimited)
    }

    @Test func aGuesserWhoKeepsGoingStaysLimitedAndIsFreeAMinuteAfterStopping() {
        var limiter = Self.limiter(perMinute: 20)
        var now: Int64 = 1_700_000_000_000
        for _ in 0..<20 { _ = Self.fail(&limiter, at: now) }
        // One guess a second for ten minutes: every one of them past the limit.
        for _ in 0..<600 {
            now += 1000
            #expect(Self.fail(&limiter, at: now).isRateLimited)
        }
        #expect(limiter.isLimited("10.0.0.1", now: now + 59_999))
        #expect(!limiter.isLimited("10.0.0.1", now: now + 60_000))
        #expect(!Self.fail(&limiter, at: now + 60_000).isRateLimited)
    }

    @Test func aConnectionWaitsLongerForEachWrongCodeAndIsClosedAtItsLimit() {
        var limiter = Self.limiter(perMinute: 1000, perConnection: 5, delay: 250)
        let verdicts = (0..<5).map { limiter.recordFailure(from: "10.0.0.1", connectionFailures: $0, now: 0) }
        // A typo is answered at once; then 250, 500, 1000, 2000 ms; the fifth closes the connection.
        #expect(verdicts.map(\.delayMilliseconds) == [0, 250, 500, 1000, 2000])
        #expect(verdicts.map(\.closesConnection) == [false, false, false, false, true])
        #expect(verdicts.allSatisfy { !$0.isRateLimited })
    }

    @Test func drainedAddressesAreForgotten() {
        var limiter = Self.limiter(perMinute: 20)
        for index in 0..<5000 { _ = Self.fail(&limiter, "10.1.\(index / 256).\(index % 256)", at: 0) }
        #expect(limiter.trackedAddresses == 5000)
        // At 20 a minute one wrong code drains in 3 s: a minute later every one of those buckets is empty,
        // and the table drops them once it has grown enough to be worth a sweep.
        for index in 0..<5000 { _ = Self.fail(&limiter, "10.2.\(index / 256).\(index % 256)", at: 61_000) }
        #expect(limiter.trackedAddresses == 5000)
        #expect(!limiter.isLimited("10.1.0.1", now: 61_000))
    }

    /// Right codes: a burst at once (a bar behind one NAT address), then `joinsPerMinute`; wrong
    /// codes and right-code joins are two budgets, and another address has its own.
    @Test func rightCodeJoinsHaveAnAllowancePerAddressApartFromWrongCodes() {
        var limiter = JoinRateLimiter(policy: JoinRateLimiter.Policy(
            failuresPerMinute: 3, failuresPerConnection: 5, delayMilliseconds: 0, joinsPerMinute: 6, joinBurst: 4))
        for _ in 0..<4 { #expect(limiter.takeJoin(from: "10.0.0.1", now: 0) == nil) }
        #expect(limiter.takeJoin(from: "10.0.0.1", now: 0) == 10_000, "the next join in 10 s (6 a minute)")
        #expect(!limiter.isLimited("10.0.0.1", now: 0), "joins spend nothing of the wrong-code budget")
        #expect(limiter.takeJoin(from: "10.0.0.2", now: 0) == nil)
        #expect(limiter.takeJoin(from: "10.0.0.1", now: 10_000) == nil)
        #expect(limiter.takeJoin(from: "10.0.0.1", now: 10_000) != nil)
    }
}
