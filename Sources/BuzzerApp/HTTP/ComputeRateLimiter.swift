import BuzzerWebSocket
import Dispatch
import Synchronization

/// Per-address rationing of the HTTP answers the server computes (a league's standings `?asOf=`,
/// a results download, a library search): a token bucket of `burst` requests per address,
/// refilled at `perMinute` (GCRA, like `CreateRateLimiter`). A refusal takes nothing.
///
/// Pure: the time comes in as `now` (milliseconds); `ComputeRateLimit` keeps one behind a lock.
package struct ComputeRateLimiter: Sendable {
    package enum Verdict: Sendable, Equatable {
        case allowed
        /// The address's next request is possible this much later.
        case limited(retryAfterMilliseconds: Int64)
    }

    package let perMinute: Int
    package let burst: Int
    /// Per address, when its bucket will be full again (µs, a GCRA "theoretical arrival time").
    private var emptyAt: [String: Int64] = [:]
    private var pruneAt = 1024

    private static let windowMicros: Int64 = 60_000_000

    package init(perMinute: Int, burst: Int) {
        self.perMinute = max(1, perMinute)
        self.burst = max(1, burst)
    }

    private var intervalMicros: Int64 { max(1, Self.windowMicros / Int64(perMinute)) }

    /// Takes one request from `address`'s allowance at `now` (milliseconds).
    package mutating func take(from address: String, now: Int64) -> Verdict {
        let nowMicros = now.multipliedReportingOverflow(by: 1000).overflow ? Int64.max / 2 : now * 1000
        let interval = intervalMicros
        if emptyAt.count >= pruneAt {
            // Addresses whose bucket refilled are forgotten: the table grows with live senders only.
            emptyAt = emptyAt.filter { $0.value > nowMicros }
            pruneAt = max(1024, emptyAt.count * 2)
        }
        let filled = max(emptyAt[address] ?? nowMicros, nowMicros) + interval
        let capacity = Int64(burst) * interval
        if filled - nowMicros > capacity {
            return .limited(retryAfterMilliseconds: (filled - nowMicros - capacity + 999) / 1000)
        }
        emptyAt[address] = filled
        return .allowed
    }

    /// Addresses the limiter remembers.
    package var trackedAddresses: Int { emptyAt.count }
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
        var response = LibraryAPI.json(429, [
            "error": "Too many requests from your address for answers the server computes (http.computeRequestsPerMinute): try again in \(seconds) s.",
            "code": "rate_limited",
        ])
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
