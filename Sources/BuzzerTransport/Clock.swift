import Glibc

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC), the transport's only clock: deadlines, RTT, and the
/// instant a frame was handed to the kernel.
package enum MonotonicClock {
    package static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    package static func after(seconds: Double) -> UInt64 {
        nanoseconds() &+ UInt64(max(0, seconds) * 1_000_000_000)
    }
}
