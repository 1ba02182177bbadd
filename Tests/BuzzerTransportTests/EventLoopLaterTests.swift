@testable import BuzzerTransport
import Foundation
import Synchronization
import Testing

/// `EventLoop.later`: deferred work of many rooms on one loop timer, none lost, none early.
struct EventLoopLaterTests {
    /// Records, on the loop, each piece of work's name and how long after its request it ran.
    final class Runs: Sendable {
        let items = Mutex<[(name: String, afterMilliseconds: Double)]>([])
        func add(_ name: String, since start: UInt64) {
            let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1_000_000
            items.withLock { $0.append((name, elapsed)) }
        }
        var names: [String] { items.withLock { $0.map(\.name) } }
        func waitFor(_ count: Int, seconds: Double = 10) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while items.withLock({ $0.count }) < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
            return items.withLock { $0.count } >= count
        }
    }

    @Test func everyPieceOfWorkRunsOnceNotBeforeItsTimeAndWorkCanDeferMore() async {
        let loop = EventLoop(index: 0)
        let runs = Runs()
        loop.execute {
            let start = MonotonicClock.nanoseconds()
            loop.later(milliseconds: 120) { runs.add("c", since: start) }
            loop.later(milliseconds: 20) {
                runs.add("a", since: start)
                // Deferred from inside a run: lands after what still waits, and still runs.
                loop.later(milliseconds: 30) { runs.add("b", since: start) }
            }
            loop.later(milliseconds: 400) { runs.add("d", since: start) }
        }
        #expect(await runs.waitFor(4))
        // In time order; b is asked for from inside a, so a late timer may run c before it.
        let names = runs.names
        #expect(names.sorted() == ["a", "b", "c", "d"])
        if let a = names.firstIndex(of: "a"), let b = names.firstIndex(of: "b"), let c = names.firstIndex(of: "c"), let d = names.firstIndex(of: "d") {
            #expect(a < b && a < c && c < d, "\(names)")
        }
        for (name, after) in runs.items.withLock({ $0 }) {
            let asked = ["a": 20.0, "b": 50, "c": 120, "d": 400][name]!
            #expect(after >= asked, "\(name) ran after \(after) ms, asked \(asked)")
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(runs.names.count == 4, "nothing ran twice")
    }

    @Test func aHundredRoomsDeferringAtOnceAllRun() async {
        let loop = EventLoop(index: 1)
        let runs = Runs()
        loop.execute {
            let start = MonotonicClock.nanoseconds()
            for room in 0..<100 { loop.later(milliseconds: 10 + room) { runs.add("\(room)", since: start) } }
        }
        #expect(await runs.waitFor(100))
        #expect(Set(runs.names).count == 100)
    }
}
