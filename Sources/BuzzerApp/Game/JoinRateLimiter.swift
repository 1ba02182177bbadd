/// Decides how a failed entry is answered: a `join`, `resume`, `watch` or `host` whose code names
/// no live room; and rations the `join`s that name a live one. A `resume`, `watch` or `host` that
/// names a live room is never counted, delayed or refused, whoever else shares its address.
///
/// - Right codes, per address: a `join` takes a seat, and a seat stays on the board after its player
///   leaves, so joins are an allowance of `joinBurst` at once, refilled at `joinsPerMinute` (a bar
///   behind one NAT address joins at once; a script that joins and leaves gets a seat a second).
///   Past it the join is answered `rate_limited` and reaches no room.
/// - Per connection: the first wrong code is answered at once (a typo); each further one waits twice
///   as long as the one before (from `delayMilliseconds`, up to 32 times it), and the connection is
///   closed after `failuresPerConnection`. While it waits, the connection can enter nothing (`busy`).
/// - Per address: a bucket of `failuresPerMinute` wrong codes that drains at that rate. A wrong code
///   that finds it full is answered `rate_limited`, waits the doubling delay counted from how far
///   over the limit the address is, and closes its connection, so every further guess costs a new
///   connection. It also fills the bucket further, up to a minute's worth beyond full: an address that
///   keeps guessing stays limited, and one that stops is answered as usual a minute after its last
///   wrong code.
///
/// Pure: the time comes in as `now`, and `GameService` keeps one behind a lock.
package struct JoinRateLimiter: Sendable {
    package struct Policy: Sendable, Equatable {
        package var failuresPerMinute: Int
        package var failuresPerConnection: Int
        package var delayMilliseconds: Int64
        /// Joins with a right code one address may make per minute, once its `joinBurst` is used.
        package var joinsPerMinute: Int
        package var joinBurst: Int

        package init(failuresPerMinute: Int, failuresPerConnection: Int, delayMilliseconds: Int64,
                     joinsPerMinute: Int = 60, joinBurst: Int = 200) {
            self.failuresPerMinute = failuresPerMinute
            self.failuresPerConnection = failuresPerConnection
            self.delayMilliseconds = delayMilliseconds
            self.joinsPerMinute = joinsPerMinute
            self.joinBurst = joinBurst
        }
    }

    /// How to answer one failed entry.
    package struct Verdict: Sendable, Equatable {
        /// How many wrong codes past its limit the address is, this one included; 0 within the limit.
        package var overLimitBy: Int
        /// How long the answer waits.
        package var delayMilliseconds: Int64
        /// Close the connection after the answer.
        package var closesConnection: Bool

        /// `rate_limited` rather than `room_not_found`.
        package var isRateLimited: Bool { overLimitBy > 0 }
    }

    package let policy: Policy
    /// Per address, when its bucket will be empty (a GCRA "theoretical arrival time", in µs so that
    /// large limits keep a non-zero interval). Drained addresses are dropped now and then.
    private var emptyAt: [String: Int64] = [:]
    private var pruneAt = 1024

    private static let windowMicros: Int64 = 60_000_000
    /// Delays stop doubling here: 32 times the first.
    private static let maxDoublings = 5

    /// Right-code joins, per address.
    private var joins: AddressTokenBucket

    package init(policy: Policy) {
        self.policy = policy
        joins = AddressTokenBucket(perMinute: policy.joinsPerMinute, burst: policy.joinBurst)
    }

    /// Takes one right-code `join` from `address`'s allowance at `now` (milliseconds): nil when
    /// taken, else how many milliseconds until the next one would be.
    package mutating func takeJoin(from address: String, now: Int64) -> Int64? {
        joins.take(from: address, now: now)
    }

    /// One failure's worth of bucket.
    private var intervalMicros: Int64 { max(1, Self.windowMicros / Int64(max(1, policy.failuresPerMinute))) }

    /// Counts a wrong code from `address`, on a connection that had `connectionFailures` before it,
    /// at `now` (milliseconds), and says how to answer it.
    package mutating func recordFailure(from address: String, connectionFailures: Int, now: Int64) -> Verdict {
        let nowMicros = now * 1000, interval = intervalMicros, window = Self.windowMicros
        if emptyAt.count >= pruneAt {
            emptyAt = emptyAt.filter { $0.value > nowMicros }
            pruneAt = max(1024, emptyAt.count * 2)
        }
        // At most a minute's worth past full, less one wrong code: then a minute without a wrong code
        // brings it back within the limit (two minutes with a limit of one, whose bucket is the minute).
        let most = max(2 * window - interval, window + interval)
        let filled = min(max(emptyAt[address] ?? nowMicros, nowMicros) + interval, nowMicros + most)
        emptyAt[address] = filled
        let backlog = filled - nowMicros
        let overLimitBy = backlog > window ? Int((backlog - window + interval - 1) / interval) : 0

        let attempt = connectionFailures + 1
        let connectionDelay = attempt > 1 ? delay(doublings: attempt - 2) : 0
        let addressDelay = overLimitBy > 0 ? delay(doublings: overLimitBy - 1) : 0
        return Verdict(
            overLimitBy: overLimitBy, delayMilliseconds: max(connectionDelay, addressDelay),
            closesConnection: overLimitBy > 0 || attempt >= policy.failuresPerConnection)
    }

    /// Whether a wrong code from `address` at `now` would be answered `rate_limited`.
    package func isLimited(_ address: String, now: Int64) -> Bool {
        guard let emptyAt = emptyAt[address] else { return false }
        return emptyAt - now * 1000 + intervalMicros > Self.windowMicros
    }

    /// Addresses with wrong codes still in their bucket (and drained ones not dropped yet).
    package var trackedAddresses: Int { emptyAt.count }
    /// Addresses with right-code joins still in their bucket.
    package var trackedJoinAddresses: Int { joins.trackedAddresses }

    private func delay(doublings: Int) -> Int64 {
        policy.delayMilliseconds << Int64(min(max(0, doublings), Self.maxDoublings))
    }
}
