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

    /// Work that waits through many firings of the loop's timer runs at the depth of work that waited
    /// through none. Kept as a tuple in the array, it was taken out and put back at each firing, and each
    /// time wrapped in one more pair of reabstraction thunks: a stack that grows with the wait.
    @Test func workThatWaitsThroughManyFiringsRunsAtTheSameStackDepth() async {
        let loop = EventLoop(index: 2)
        // Each run: its stack address and its thread (the loop's queue may run on any worker, and
        // addresses compare only within one thread's stack).
        let short = Mutex<[(thread: UInt, address: Int)]>([])
        let long = Mutex<(thread: UInt, address: Int)?>(nil)
        @Sendable func here() -> (thread: UInt, address: Int) {
            var marker = 0
            return (UInt(pthread_self()), withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) })
        }
        loop.execute {
            loop.later(milliseconds: 300) { long.withLock { $0 = here() } }
            // Work that defers itself again each millisecond: some 300 firings before the long one runs.
            @Sendable func again(_ left: Int) {
                loop.later(milliseconds: 1) {
                    short.withLock { $0.append(here()) }
                    if left > 0 { again(left - 1) }
                }
            }
            again(1_000)
        }
        let deadline = Date().addingTimeInterval(10)
        while long.withLock({ $0 == nil }) || short.withLock({ $0.count < 400 }), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let shortRuns = short.withLock { $0 }
        guard let longRun = long.withLock({ $0 }), let sameThread = shortRuns.first(where: { $0.thread == longRun.thread }) else {
            Issue.record("no short run on the long run's thread to compare with (\(shortRuns.count) short runs)")
            return
        }
        let drift = abs(longRun.address - sameThread.address)
        #expect(drift < 512, "the long wait's work ran \(drift) bytes deeper than the short work on the same thread")
    }
}
