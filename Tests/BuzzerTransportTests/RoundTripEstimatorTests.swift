@testable import BuzzerTransport
import Testing

/// The round trip a buzz press and an answer are corrected by counts only pongs of the server's own
/// outstanding ping, and never exceeds the kernel's word (docs/kinds-buzz.md).
@Suite struct RoundTripEstimatorTests {
    static let ms: UInt64 = 1_000_000

    @Test func aPongOfTheOutstandingPingGivesTheRoundTrip() {
        var estimator = RoundTripEstimator()
        estimator.pingSent(nonce: 42, at: 1_000 * Self.ms)
        #expect(estimator.pongReceived(RoundTripEstimator.payload(42), at: 1_080 * Self.ms) { nil } == 80 * Self.ms)
        #expect(estimator.estimate == 80 * Self.ms)
    }

    @Test func anUnsolicitedOrRepeatedPongIsIgnored() {
        var estimator = RoundTripEstimator()
        // Nothing outstanding yet.
        #expect(estimator.pongReceived(RoundTripEstimator.payload(7), at: 5 * Self.ms) { nil } == nil)
        estimator.pingSent(nonce: 7, at: 10 * Self.ms)
        #expect(estimator.pongReceived(RoundTripEstimator.payload(7), at: 30 * Self.ms) { nil } == 20 * Self.ms)
        // The same payload again, seconds later, would claim 5 s: it answers nothing now.
        #expect(estimator.pongReceived(RoundTripEstimator.payload(7), at: 5_010 * Self.ms) { nil } == nil)
        #expect(estimator.estimate == 20 * Self.ms)
    }

    @Test func aPongOfAnEarlierPingNoLongerCounts() {
        var estimator = RoundTripEstimator()
        estimator.pingSent(nonce: 1, at: 0)
        estimator.pingSent(nonce: 2, at: 500 * Self.ms)
        #expect(estimator.pongReceived(RoundTripEstimator.payload(1), at: 900 * Self.ms) { nil } == nil)
        #expect(estimator.pongReceived(RoundTripEstimator.payload(2), at: 530 * Self.ms) { nil } == 30 * Self.ms)
    }

    @Test func aWrongOrShortPayloadIsIgnored() {
        var estimator = RoundTripEstimator()
        estimator.pingSent(nonce: 0x0102_0304_0506_0708, at: 0)
        #expect(estimator.pongReceived([1, 2, 3, 4, 5, 6, 7], at: Self.ms) { nil } == nil)
        #expect(estimator.pongReceived([1, 2, 3, 4, 5, 6, 7, 9], at: Self.ms) { nil } == nil)
        #expect(estimator.pongReceived([1, 2, 3, 4, 5, 6, 7, 8], at: Self.ms) { nil } == Self.ms)
    }

    @Test func theEstimateIsTheSmallestOfTheRecentPongs() {
        var estimator = RoundTripEstimator()
        var now: UInt64 = 0
        for (nonce, rtt) in [(1, 40), (2, 300), (3, 60), (4, 50), (5, 70), (6, 80)] as [(UInt64, UInt64)] {
            estimator.pingSent(nonce: nonce, at: now)
            now += rtt * Self.ms
            _ = estimator.pongReceived(RoundTripEstimator.payload(nonce), at: now) { nil }
            now += 1_000 * Self.ms
        }
        // The last four are 60, 50, 70 and 80: the 40 has aged out, and the one slow pong never counted.
        #expect(estimator.estimate == 50 * Self.ms)
    }

    @Test func theKernelsRoundTripBoundsDelayedPongs() {
        var estimator = RoundTripEstimator()
        estimator.pingSent(nonce: 9, at: 0)
        // A phone that held its pong 700 ms on a 30 ms network.
        #expect(estimator.pongReceived(RoundTripEstimator.payload(9), at: 730 * Self.ms) { 30 * Self.ms } == 30 * Self.ms)
        estimator.pingSent(nonce: 10, at: 2_000 * Self.ms)
        // An honest pong below the kernel's figure keeps its own.
        #expect(estimator.pongReceived(RoundTripEstimator.payload(10), at: 2_025 * Self.ms) { 32 * Self.ms } == 25 * Self.ms)
    }

    @Test func thePingPayloadIsTheNonceNotTheClock() {
        #expect(RoundTripEstimator.payload(0x0102_0304_0506_0708) == [1, 2, 3, 4, 5, 6, 7, 8])
    }
}
