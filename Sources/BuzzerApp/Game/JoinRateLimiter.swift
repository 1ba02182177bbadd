import Synchronization

/// Counts failed join attempts (a code that names no room) per remote address in one-minute
/// windows. Guessing codes at 20 a minute against 10⁹ codes is hopeless; a bar's players behind
/// one NAT address, typing the right code, are never slowed down.
package final class JoinRateLimiter: Sendable {
    private struct Window { var start: Int64; var failures: Int }
    private let limit: Int
    private let windows = Mutex<[String: Window]>([:])

    package init(failuresPerMinute: Int) {
        limit = failuresPerMinute
    }

    /// True while `address` may still try; call before looking the code up.
    package func allows(_ address: String, now: Int64) -> Bool {
        windows.withLock { windows in
            guard let window = windows[address], now - window.start < 60_000 else { return true }
            return window.failures < limit
        }
    }

    package func recordFailure(_ address: String, now: Int64) {
        windows.withLock { windows in
            if var window = windows[address], now - window.start < 60_000 {
                window.failures += 1
                windows[address] = window
            } else {
                // Drop stale windows now and then so the table cannot grow without bound.
                if windows.count > 10_000 { windows = windows.filter { now - $0.value.start < 60_000 } }
                windows[address] = Window(start: now, failures: 1)
            }
        }
    }
}
