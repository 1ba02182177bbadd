import Dispatch
import Synchronization

/// A value that costs a system call to measure (`statvfs` of the archive, `getifaddrs` of the
/// interfaces), read on the loops without ever making one there: a read returns the last
/// measurement at once and, when that is older than `maxAgeMilliseconds`, asks `queue` for a
/// fresh one. A hung disk or a slow interface list then delays the next reading, never a player.
final class BackgroundRefreshed<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var measuredAt: Int64
        var refreshing = false
    }

    private let state: Mutex<State>
    private let measure: @Sendable () -> Value
    private let clock: @Sendable () -> Int64
    private let maxAge: Int64
    private let queue: DispatchQueue

    /// Measures once now, on the caller's thread: make it at start-up, off the loops.
    init(maxAgeMilliseconds: Int64, queue: DispatchQueue, clock: @escaping @Sendable () -> Int64, measure: @escaping @Sendable () -> Value) {
        self.measure = measure
        self.clock = clock
        self.maxAge = maxAgeMilliseconds
        self.queue = queue
        state = Mutex(State(value: measure(), measuredAt: clock()))
    }

    /// The last measurement; a stale one starts a new measurement on `queue` (one at a time).
    var value: Value {
        let now = clock()
        let (value, refresh) = state.withLock { state -> (Value, Bool) in
            let stale = now < state.measuredAt || now - state.measuredAt >= maxAge
            guard stale, !state.refreshing else { return (state.value, false) }
            state.refreshing = true
            return (state.value, true)
        }
        if refresh {
            queue.async { [self] in
                let fresh = measure(), at = clock()
                state.withLock { $0 = State(value: fresh, measuredAt: at) }
            }
        }
        return value
    }
}
