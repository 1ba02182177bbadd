/// A token bucket per client address, as GCRA: per address, the instant its bucket will be empty
/// again (µs, the "theoretical arrival time"). `burst` takes at once, refilled at `perMinute`. The
/// allowance the create limiter and the computed HTTP answers share the shape of
/// (`CreateRateLimiter`, `ComputeRateLimiter`).
///
/// Pure: the time comes in as `now` (milliseconds). Addresses whose bucket has drained are dropped
/// now and then, so the table grows with live senders only.
package struct AddressTokenBucket: Sendable {
    package let perMinute: Int
    package let burst: Int
    private var emptyAt: [String: Int64] = [:]
    private var pruneAt = 1024

    private static let windowMicros: Int64 = 60_000_000

    package init(perMinute: Int, burst: Int) {
        self.perMinute = max(1, perMinute)
        self.burst = max(1, burst)
    }

    /// One take's worth of bucket.
    private var intervalMicros: Int64 { max(1, Self.windowMicros / Int64(perMinute)) }

    /// `now` in µs, saturating: a clock near the end of Int64 must not trap.
    private static func micros(_ now: Int64) -> Int64 {
        let (product, overflow) = now.multipliedReportingOverflow(by: 1000)
        return overflow ? (now < 0 ? Int64.min / 2 : Int64.max / 2) : product
    }

    /// Takes one from `address`'s allowance at `now`; nil when taken, else how many milliseconds
    /// until the next take would be. A refusal takes nothing.
    package mutating func take(from address: String, now: Int64) -> Int64? {
        let nowMicros = Self.micros(now), interval = intervalMicros
        if emptyAt.count >= pruneAt {
            emptyAt = emptyAt.filter { $0.value > nowMicros }
            pruneAt = max(1024, emptyAt.count * 2)
        }
        let filled = max(emptyAt[address] ?? nowMicros, nowMicros) + interval
        let capacity = Int64(burst) * interval
        if filled - nowMicros > capacity { return (filled - nowMicros - capacity + 999) / 1000 }
        emptyAt[address] = filled
        return nil
    }

    /// Returns one take that was not used.
    package mutating func giveBack(to address: String, now: Int64) {
        guard let filled = emptyAt[address] else { return }
        let back = filled - intervalMicros
        if back <= Self.micros(now) { emptyAt.removeValue(forKey: address) } else { emptyAt[address] = back }
    }

    /// Addresses with takes still in their bucket (and drained ones not dropped yet).
    package var trackedAddresses: Int { emptyAt.count }
}
