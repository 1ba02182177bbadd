import Dispatch

/// Time between laps on the monotonic clock, for the in-process benchmarks (`buzzer bench reveal`,
/// `buzzer bench resume`).
package struct Stopwatch {
    private var last = DispatchTime.now().uptimeNanoseconds

    package init() {}

    /// Nanoseconds since the previous lap (or since the stopwatch was made).
    package mutating func lapNanoseconds() -> Int {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Int(now - last)
    }

    /// Microseconds since the previous lap.
    package mutating func lap() -> Int { lapNanoseconds() / 1000 }
}
