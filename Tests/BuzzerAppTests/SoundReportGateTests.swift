@testable import BuzzerApp
import Testing

/// A projector's sound reports, gated on their connection: one per interval reaches the room, and
/// the last state is never lost.
@Suite struct SoundReportGateTests {
    @Test func aFloodOfTogglesForwardsTheFirstThenOnlyTheLastStatePerInterval() {
        var gate = SoundReportGate()
        #expect(gate.report(true) == .forward(true))
        var forwarded = 1
        for n in 0..<100_000 {
            if case .forward = gate.report(n % 2 == 0) { forwarded += 1 }
        }
        #expect(forwarded == 1, "the flood is only held while the interval runs")
        // The last toggle was `false` (n = 99,999): it goes on when the interval ends.
        #expect(gate.intervalEnded() == false)
        #expect(gate.waiting, "a forward starts another interval")
        #expect(gate.intervalEnded() == nil)
        #expect(!gate.waiting)
    }

    @Test func aReportTheRoomAlreadyHasIsDropped() {
        var gate = SoundReportGate()
        #expect(gate.report(true) == .forward(true))
        #expect(gate.report(false) == .hold)
        #expect(gate.report(true) == .hold)
        #expect(gate.intervalEnded() == nil, "on, off, on: the room has on already")
        #expect(gate.report(true) == .ignore)
        #expect(gate.report(false) == .forward(false))
    }
}
