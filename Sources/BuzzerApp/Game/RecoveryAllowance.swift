/// How long each step of recovery may take before systemd gives up on the start, as asked with
/// `EXTEND_TIMEOUT_USEC` (`SystemdNotifier.extendStartup`). Generous against the figures measured
/// (docs/performance.md, "Restart"): the point is to tell a slow start from a stuck one.
enum RecoveryAllowance {
    /// Reading every log file once to find the rooms still running (a year-long league's
    /// 173 MiB archive: docs/performance.md).
    static let scanSeconds = 300
    /// One room: a fixed part, and 50 µs per event (replay measured below 10 µs per event).
    static func seconds(replaying events: Int) -> Int {
        30 + events / 20_000
    }
}
