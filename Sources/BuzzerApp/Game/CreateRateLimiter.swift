/// Decides whether a `create` may open a room. `create` needs no token, and every room it opens
/// holds a slot of `rooms.maxRooms` and writes its whole pack to the log, so anonymous creates are
/// rationed; joins, resumes and watches never come here, so a bar behind one NAT address plays freely.
///
/// - Per address: a token bucket of `burst` creates, refilled at `createsPerMinute`
///   (`AddressTokenBucket`). A create the server then refuses for another reason (a bad pack, a full
///   server) is given back with `giveBack`: only creates that open a room use the allowance, so a
///   host fixing a pack is not held back.
/// - Per connection: `createsPerConnection` requests, refused or not; the one past that is refused
///   and its connection closed, so a client that keeps asking must pay for new connections.
///
/// Pure: the time comes in as `now` (milliseconds), and `GameService` keeps one behind a lock.
package struct CreateRateLimiter: Sendable {
    package struct Policy: Sendable, Equatable {
        package var createsPerMinute: Int
        package var burst: Int
        package var createsPerConnection: Int

        package init(createsPerMinute: Int, burst: Int, createsPerConnection: Int) {
            self.createsPerMinute = createsPerMinute
            self.burst = burst
            self.createsPerConnection = createsPerConnection
        }
    }

    package enum Verdict: Sendable, Equatable {
        case allowed
        /// The address has used its allowance; its next create is possible this much later.
        case addressLimited(retryAfterMilliseconds: Int64)
        /// The connection has made its `createsPerConnection` requests; it is closed.
        case connectionLimited
    }

    package let policy: Policy
    private var bucket: AddressTokenBucket

    package init(policy: Policy) {
        self.policy = policy
        bucket = AddressTokenBucket(perMinute: policy.createsPerMinute, burst: policy.burst)
    }

    /// Takes one create from `address`'s allowance, on a connection that made `connectionRequests`
    /// create requests before this one, at `now` (milliseconds). A refusal takes nothing.
    package mutating func take(from address: String, connectionRequests: Int, now: Int64) -> Verdict {
        if connectionRequests >= policy.createsPerConnection { return .connectionLimited }
        return bucket.take(from: address, now: now).map { .addressLimited(retryAfterMilliseconds: $0) } ?? .allowed
    }

    /// Returns a create taken by `take` that opened no room.
    package mutating func giveBack(to address: String, now: Int64) {
        bucket.giveBack(to: address, now: now)
    }

    /// Addresses with creates still in their bucket (and drained ones not dropped yet).
    package var trackedAddresses: Int { bucket.trackedAddresses }
}
