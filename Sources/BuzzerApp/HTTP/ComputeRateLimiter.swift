import BuzzerGame
import BuzzerWebSocket
import Dispatch
import Synchronization

/// Per-address rationing of the HTTP answers the server computes (a league's standings `?asOf=`,
/// a results download, a library search): a token bucket of `burst` requests per address,
/// refilled at `perMinute` (`AddressTokenBucket`, as for creates). A refusal takes nothing.
///
/// Pure: the time comes in as `now` (milliseconds); `ComputeRateLimit` keeps one behind a lock.
package struct ComputeRateLimiter: Sendable {
    package enum Verdict: Sendable, Equatable {
        case allowed
        /// The address's next request is possible this much later.
        case limited(retryAfterMilliseconds: Int64)
    }

    private var bucket: AddressTokenBucket

    package init(perMinute: Int, burst: Int) {
        bucket = AddressTokenBucket(perMinute: perMinute, burst: burst)
    }

    package var perMinute: Int { bucket.perMinute }
    package var burst: Int { bucket.burst }

    /// Takes one request from `address`'s allowance at `now` (milliseconds).
    package mutating func take(from address: String, now: Int64) -> Verdict {
        bucket.take(from: address, now: now).map { .limited(retryAfterMilliseconds: $0) } ?? .allowed
    }

    /// Addresses the limiter remembers.
    package var trackedAddresses: Int { bucket.trackedAddresses }
}

/// The limiter the routes share, with its clock (monotonic milliseconds; tests pass their own).
final class ComputeRateLimit: Sendable {
    private let limiter: Mutex<ComputeRateLimiter>
    private let clock: @Sendable () -> Int64

    init(config: HTTPConfig, clock: @escaping @Sendable () -> Int64 = ComputeRateLimit.monotonicMilliseconds) {
        limiter = Mutex(ComputeRateLimiter(perMinute: config.computeRequestsPerMinute, burst: config.computeBurst))
        self.clock = clock
    }

    static let monotonicMilliseconds: @Sendable () -> Int64 = {
        Int64(truncatingIfNeeded: DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }

    /// nil: go on; else the 429 to answer, with `Retry-After` in whole seconds.
    func refusal(for address: String) -> HTTPResponse? {
        let now = clock()
        guard case .limited(let wait) = limiter.withLock({ $0.take(from: address, now: now) }) else { return nil }
        let seconds = max(1, (wait + 999) / 1000)
        return Self.tooMany(retryAfterSeconds: seconds)
    }

    static func tooMany(retryAfterSeconds seconds: Int64) -> HTTPResponse {
        var response = LeagueRoutes.error(429, .computeRateLimited(retryAfterSeconds: seconds))
        response.headers.add(name: "Retry-After", value: String(seconds))
        return response
    }

    /// A router gate that rations the requests `when` picks (all by default).
    func gate<Context>(when applies: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }) -> Router<Context>.Gate {
        { [self] request, _ in
            guard applies(request) else { return .pass(release: nil) }
            if let refusal = refusal(for: request.remoteAddress) { return .refuse(refusal) }
            return .pass(release: nil)
        }
    }
}
