import Dispatch

/// Rations the commands one host connection sends: a token bucket of `rooms.hostCommandBurst`
/// commands, refilled at `rooms.hostCommandsPerMinute` (`AddressTokenBucket`, as for creates, with
/// the connection as its one key). A host clicks, at most a few commands a second; a script that
/// loops `adjust` or `pause_clock` is refused before its room sees the command, so it can neither
/// grow the log nor hold the room's loop.
struct HostCommandRate: Sendable {
    let perMinute: Int
    let burst: Int
    /// Monotonic milliseconds; tests pass their own.
    let clock: @Sendable () -> Int64

    init(config: RoomsConfig, clock: @escaping @Sendable () -> Int64 = ComputeRateLimit.monotonicMilliseconds) {
        perMinute = config.hostCommandsPerMinute
        burst = config.hostCommandBurst
        self.clock = clock
    }

    /// The bucket's one key: each connection has a bucket of its own, in its `ClientState`.
    private static let key = "this connection"

    /// Takes one command from the connection's allowance; nil when taken, else the wait in milliseconds.
    func take(for state: inout ClientState) -> Int64? {
        var bucket = state.hostCommands ?? AddressTokenBucket(perMinute: perMinute, burst: burst)
        defer { state.hostCommands = bucket }
        return bucket.take(from: Self.key, now: clock())
    }

    /// The refusal, with the seconds to wait.
    func refusal(retryAfterMilliseconds wait: Int64) -> AppError {
        .tooManyHostCommands(burst: burst, perMinute: perMinute, retryAfterSeconds: AppError.seconds(fromMilliseconds: wait))
    }
}
