import Dispatch

/// Time between laps on the monotonic clock, for the in-process benchmarks (`buzzer bench reveal`,
/// `buzzer bench resume`).
struct Stopwatch {
    private var last = DispatchTime.now().uptimeNanoseconds

    init() {}

    /// Nanoseconds since the previous lap (or since the stopwatch was made).
    mutating func lapNanoseconds() -> Int {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Int(now - last)
    }

    /// Microseconds since the previous lap.
    mutating func lap() -> Int { lapNanoseconds() / 1000 }
}
