import Dispatch
import Foundation
import BuzzerTestSupport
import Synchronization
import Testing
@testable import BuzzerApp

/// `statvfs` and `getifaddrs` were called on the connection's loop by every `create` (security
/// review): a hung disk stalled every player on that loop. Now the loops read a cached value.
struct BackgroundRefreshedTests {
    @Test func aReadNeverWaitsForAMeasurementInFlight() {
        let now = Atomic<Int64>(0), measuring = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "test.measure")
        let value = BackgroundRefreshed<Int>(maxAgeMilliseconds: 1000, queue: queue, clock: { now.load(ordering: .relaxed) }) {
            let n = measuring.add(1, ordering: .relaxed).newValue
            // The first measurement is made at start-up; every later one hangs like a dead NFS mount.
            if n > 1 { release.wait() }
            return n
        }
        #expect(value.value == 1)
        now.store(5000, ordering: .relaxed)
        // Stale: the read answers at once with what it had, and starts one measurement, not one per read.
        // (On another thread, so that a read that did wait shows as a failure, not a hung test.)
        let reads = Mutex<[Int]>([])
        DispatchQueue.global().async { for _ in 0..<100 { let seen = value.value; reads.withLock { $0.append(seen) } } }
        #expect(eventually(timeout: 10) { reads.withLock { $0.count } == 100 })
        #expect(reads.withLock { $0.allSatisfy { $0 == 1 } })
        #expect(eventually { measuring.load(ordering: .relaxed) == 2 })
        release.signal()
        #expect(eventually { value.value == 2 })
        #expect(measuring.load(ordering: .relaxed) == 2)
    }

    @Test func aFreshValueIsNotMeasuredAgain() {
        let measured = Atomic<Int>(0)
        let value = BackgroundRefreshed<Int>(maxAgeMilliseconds: 1000, queue: DispatchQueue(label: "test.fresh"), clock: { 10 }) {
            measured.add(1, ordering: .relaxed).newValue
        }
        for _ in 0..<10 { _ = value.value }
        #expect(measured.load(ordering: .relaxed) == 1)
    }
}
