/// Server wall-clock time in milliseconds since the Unix epoch. The app reads the clock and
/// passes instants in with every command, and the ones that matter are stored in events, so
/// the domain never reads a clock and replaying a log needs none.
package typealias GameInstant = Int64

/// A span of time in milliseconds.
package typealias GameDuration = Int64

extension FixedWidthInteger where Self: SignedInteger {
    /// `self + other`, pinned to `Int64.min...Int64.max` instead of trapping. Every duration added
    /// to an instant goes through this: a value from a client or a damaged log line must never
    /// crash the process (docs/threat-model.md), even where the ranges in `InputBounds` already
    /// keep the sum small.
    package func plus(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, pinned like `plus`.
    package func minus(_ other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// `self * other`, pinned like `plus`.
    package func times(_ other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}

extension FixedWidthInteger where Self: SignedInteger {
    /// `self = self.plus(other)`: a running score or sum that pins instead of trapping.
    package mutating func add(_ other: Self) {
        self = plus(other)
    }
}
