@testable import BuzzerApp
import BuzzerWebSocket
import Foundation
import Synchronization
import Testing

/// The pieces that keep computed HTTP answers from taking an instance down, each with the clock (or
/// the order of events) in the test's hands: the per-address limiter, the bound on concurrent
/// `?asOf=` standings, and their cache.
@Suite struct ComputeLimitsTests {
    static func take(_ limiter: inout ComputeRateLimiter, _ address: String, _ now: Int64) -> ComputeRateLimiter.Verdict {
        limiter.take(from: address, now: now)
    }

    static func acquire(_ bound: inout ConcurrencyBound, _ key: String) -> Bool { bound.acquire(key) }

    static func get(_ cache: inout StandingsCache, _ key: StandingsCache.Key, version: Int, bookVersion: Int) -> StandingsCache.Entry? {
        cache.get(key, version: version, bookVersion: bookVersion)
    }

    // MARK: - Per-address rate limit

    @Test func anAddressHasItsBurstThenOneRequestPerIntervalWithTheWaitToldExactly() {
        var limiter = ComputeRateLimiter(perMinute: 6, burst: 3)  // one request's worth every 10 s
        for _ in 0..<3 { #expect(Self.take(&limiter, "10.0.0.1", 0) == .allowed) }
        #expect(Self.take(&limiter, "10.0.0.1", 0) == .limited(retryAfterMilliseconds: 10_000))
        #expect(Self.take(&limiter, "10.0.0.1", 4_000) == .limited(retryAfterMilliseconds: 6_000), "a refusal takes nothing")
        #expect(Self.take(&limiter, "10.0.0.1", 10_000) == .allowed)
        #expect(Self.take(&limiter, "10.0.0.1", 10_000) != .allowed)
        #expect(Self.take(&limiter, "10.0.0.2", 10_000) == .allowed, "another address has its own bucket")
        for _ in 0..<3 { #expect(Self.take(&limiter, "10.0.0.1", 50_000) == .allowed, "full again after burst × interval") }
    }

    @Test func drainedAddressesAreForgottenSoTheTableFollowsLiveSendersOnly() {
        var limiter = ComputeRateLimiter(perMinute: 60, burst: 1)
        for n in 0..<1024 { #expect(Self.take(&limiter, "10.0.\(n / 256).\(n % 256)", 0) == .allowed) }
        #expect(limiter.trackedAddresses == 1024)
        #expect(Self.take(&limiter, "192.0.2.1", 60_000) == .allowed)
        #expect(limiter.trackedAddresses == 1)
    }

    @Test func aTimeNearTheEndOfInt64DoesNotOverflow() {
        var limiter = ComputeRateLimiter(perMinute: 1, burst: 1)
        #expect(Self.take(&limiter, "a", .max) == .allowed)
        #expect(Self.take(&limiter, "a", .max) != .allowed)
    }

    @Test func theRefusalIs429WithRetryAfterInWholeSecondsAndAJSONCode() throws {
        let clock = TestClock()
        var config = HTTPConfig()
        config.computeRequestsPerMinute = 120
        config.computeBurst = 1
        let limit = ComputeRateLimit(config: config, clock: clock.read)
        #expect(limit.refusal(for: "10.0.0.1") == nil)
        let refusal = try #require(limit.refusal(for: "10.0.0.1"))
        #expect(refusal.status == 429)
        #expect(refusal.headers.first(name: "Retry-After") == "1", "500 ms rounds up to 1 s")
        let body = try JSONSerialization.jsonObject(with: Data(refusal.body)) as? [String: String]
        #expect(body?["code"] == "rate_limited")
        clock.advance(500)
        #expect(limit.refusal(for: "10.0.0.1") == nil)
    }

    // MARK: - Concurrent computations

    @Test func aLeagueRunsAtMostItsShareAndAllLeaguesTheTotal() {
        var bound = ConcurrencyBound(perKey: 1, total: 2)
        #expect(Self.acquire(&bound, "crown"))
        #expect(!Self.acquire(&bound, "crown"), "one per league")
        #expect(Self.acquire(&bound, "anchor"))
        #expect(!Self.acquire(&bound, "swan"), "two in all")
        bound.release("crown")
        #expect(Self.acquire(&bound, "swan"))
        #expect(!Self.acquire(&bound, "crown"))
        bound.release("anchor")
        #expect(Self.acquire(&bound, "crown"))
        #expect(bound.runningTotal == 2)
    }

    @Test func aReleaseWithoutASlotChangesNothing() {
        var bound = ConcurrencyBound(perKey: 2, total: 2)
        bound.release("crown")
        #expect(bound.runningTotal == 0)
        #expect(Self.acquire(&bound, "crown") && Self.acquire(&bound, "crown"))
        #expect(bound.running("crown") == 2)
    }

    // MARK: - The asOf cache

    static func entry(_ version: Int, book: Int = 0) -> StandingsCache.Entry {
        StandingsCache.Entry(version: version, bookVersion: book, body: Array("v\(version)".utf8), etag: "\"\(version)\"")
    }

    @Test func anEntryServesOnlyWhileTheGamesAndTheFileAreTheOnesItWasMadeFrom() {
        var cache = StandingsCache(capacity: 4)
        let key = StandingsCache.Key(league: "crown", asOf: 1_736_190_000_000)
        cache.put(key, Self.entry(3, book: 1))
        #expect(Self.get(&cache, key, version: 3, bookVersion: 1) == Self.entry(3, book: 1))
        #expect(Self.get(&cache, StandingsCache.Key(league: "crown", asOf: 1_736_190_000_001), version: 3, bookVersion: 1) == nil)
        #expect(Self.get(&cache, key, version: 3, bookVersion: 2) == nil, "the league file changed")
        #expect(cache.count == 0, "a stale entry is dropped")
        cache.put(key, Self.entry(3))
        #expect(Self.get(&cache, key, version: 4, bookVersion: 0) == nil, "a game ended")
    }

    @Test func theCacheKeepsAtMostItsCapacityAndDropsTheLeastRecentlyUsed() {
        var cache = StandingsCache(capacity: 3)
        let keys = (0..<4).map { StandingsCache.Key(league: "crown", asOf: Int64($0) * 86_400_000) }
        for key in keys.prefix(3) { cache.put(key, Self.entry(1)) }
        _ = cache.get(keys[0], version: 1, bookVersion: 0)  // the first is used again: the second is now the oldest
        cache.put(keys[3], Self.entry(1))
        #expect(cache.count == 3)
        #expect(Self.get(&cache, keys[1], version: 1, bookVersion: 0) == nil)
        #expect(Self.get(&cache, keys[0], version: 1, bookVersion: 0) != nil)
        #expect(Self.get(&cache, keys[3], version: 1, bookVersion: 0) != nil)
        var none = StandingsCache(capacity: 0)
        none.put(keys[0], Self.entry(1))
        #expect(none.count == 0)
    }

    // MARK: - config.json

    @Test func theLimitsAreReadFromConfigAndOutOfRangeValuesNameTheField() throws {
        let root = LiveGameServer.packageRoot
        let shipped = try BuzzerConfig.load(path: root + "/config.json")
        #expect(shipped.http == HTTPConfig())
        #expect(shipped.league.asOfConcurrentPerLeague == 1)
        func error(_ section: String, _ value: [String: Any]) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/config.json"))
            var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            object[section] = value
            do {
                _ = try BuzzerConfig.decode(try JSONSerialization.data(withJSONObject: object))
                return "loaded"
            } catch let error as ConfigError {
                return error.description
            }
        }
        #expect(try error("http", ["computeRequestsPerMinute": 0]).contains("http.computeRequestsPerMinute"))
        #expect(try error("http", ["computeBurst": 10_001]).contains("http.computeBurst"))
        #expect(try error("league", ["asOfConcurrentPerLeague": 0]).contains("league.asOfConcurrentPerLeague"))
        #expect(try error("league", ["asOfConcurrentTotal": 65]).contains("league.asOfConcurrentTotal"))
        #expect(try error("league", ["asOfCacheEntries": -1]).contains("league.asOfCacheEntries"))
        #expect(try error("league", ["nightsQueued": 0]).contains("league.nightsQueued"))
        #expect(try error("league", ["nightsQueued": 257]).contains("league.nightsQueued"))
        #expect(try error("http", ["computeBurst": 5]) == "loaded")
    }
}

/// Milliseconds moved by hand.
final class TestClock: Sendable {
    private let now = Mutex<Int64>(0)
    func advance(_ ms: Int64) { now.withLock { $0 += ms } }
    var read: @Sendable () -> Int64 { { self.now.withLock { $0 } } }
}
