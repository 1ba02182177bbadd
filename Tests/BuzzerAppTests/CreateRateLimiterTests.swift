@testable import BuzzerApp
import Testing

/// The create limiter on its own, with the clock in the test's hands (milliseconds).
@Suite struct CreateRateLimiterTests {
    static func limiter(perMinute: Int = 6, burst: Int = 3, perConnection: Int = 5) -> CreateRateLimiter {
        CreateRateLimiter(policy: CreateRateLimiter.Policy(createsPerMinute: perMinute, burst: burst, createsPerConnection: perConnection))
    }

    /// A create on a fresh connection each time, so only the address's allowance is in play.
    static func create(_ limiter: inout CreateRateLimiter, _ address: String = "10.0.0.1", at now: Int64) -> CreateRateLimiter.Verdict {
        limiter.take(from: address, connectionRequests: 0, now: now)
    }

    @Test func anAddressHasItsBurstThenWaitsForTheNextCreateAtThePerMinuteRate() {
        var limiter = Self.limiter(perMinute: 6, burst: 3)  // one create's worth refills every 10 s
        for _ in 0..<3 { #expect(Self.create(&limiter, at: 0) == .allowed) }
        #expect(Self.create(&limiter, at: 0) == .addressLimited(retryAfterMilliseconds: 10_000))
        #expect(Self.create(&limiter, at: 4_000) == .addressLimited(retryAfterMilliseconds: 6_000), "the refusal took nothing")
        #expect(Self.create(&limiter, at: 10_000) == .allowed)
        #expect(Self.create(&limiter, at: 10_000) == .addressLimited(retryAfterMilliseconds: 10_000))
        // A full bucket again after burst × 10 s without a create.
        for _ in 0..<3 { #expect(Self.create(&limiter, at: 40_000) == .allowed) }
    }

    @Test func anotherAddressHasItsOwnAllowance() {
        var limiter = Self.limiter(burst: 1)
        #expect(Self.create(&limiter, "10.0.0.1", at: 0) == .allowed)
        #expect(Self.create(&limiter, "10.0.0.1", at: 0) != .allowed)
        #expect(Self.create(&limiter, "10.0.0.2", at: 0) == .allowed)
    }

    @Test func aCreateGivenBackLeavesTheAllowanceAsItWas() {
        // A host whose pack is refused fixes it and tries again: refused creates cost nothing.
        var limiter = Self.limiter(perMinute: 1, burst: 2)
        for _ in 0..<20 {
            #expect(Self.create(&limiter, at: 0) == .allowed)
            limiter.giveBack(to: "10.0.0.1", now: 0)
        }
        #expect(limiter.trackedAddresses == 0, "a bucket given back to empty is forgotten")
        #expect(Self.create(&limiter, at: 0) == .allowed)
        #expect(Self.create(&limiter, at: 0) == .allowed)
        #expect(Self.create(&limiter, at: 0) != .allowed)
    }

    @Test func aConnectionHasItsPerConnectionRequestsWhateverItsAddressHasLeft() {
        var limiter = Self.limiter(burst: 100, perConnection: 3)
        for earlier in 0..<3 {
            #expect(limiter.take(from: "10.0.0.1", connectionRequests: earlier, now: 0) == .allowed)
        }
        #expect(limiter.take(from: "10.0.0.1", connectionRequests: 3, now: 0) == .connectionLimited)
        // The address itself is not limited: a new connection creates.
        #expect(Self.create(&limiter, at: 0) == .allowed)
    }

    @Test func drainedAddressesAreForgotten() {
        var limiter = Self.limiter(perMinute: 60, burst: 1)
        for i in 0..<1024 { #expect(Self.create(&limiter, "10.0.\(i / 256).\(i % 256)", at: 0) == .allowed) }
        #expect(limiter.trackedAddresses == 1024)
        // A second later every bucket is empty; the next create prunes them.
        #expect(Self.create(&limiter, "10.9.9.9", at: 1_000) == .allowed)
        #expect(limiter.trackedAddresses == 1)
    }
}
