@testable import BuzzerApp
import BuzzerTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// Issue 28, defects 3 and 4 over real sockets: answers the server computes (a league's standings
/// `?asOf=`, results downloads, library searches) are rationed per address and bounded in number,
/// and a flood of them is refused at once, with `Retry-After`, while `/healthz` and `/metrics` keep
/// answering: they never wait behind the worker pool.
@Suite struct ComputeFloodLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    static func server(burst: Int, perMinute: Int = 60) throws -> LiveGameServer {
        let dir = ScratchFolder.make("buzzer-flood-live", create: false)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(LeagueTests.archive.utf8).write(to: URL(fileURLWithPath: dir + "/buzzer-20250106-190000-000000000001.jsonl"))
        return try LiveGameServer(archiveDirectory: dir) { config in
            config.http.computeBurst = burst
            config.http.computeRequestsPerMinute = perMinute
        }
    }

    /// Sends every request on its own connection before reading any answer: the server sees them at once.
    static func flood(_ port: Int, _ paths: [String]) throws -> [Reply] {
        let clients = try paths.map { _ in try TestWebSocketClient(port: port) }
        for (client, path) in zip(clients, paths) {
            try client.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        }
        return try clients.map { client in
            let status = try client.readHTTPResponse()
            return Reply(status: status, head: client.handshakeResponse, body: try client.readToEOF())
        }
    }

    static func get(_ port: Int, _ path: String) throws -> Reply {
        try LibraryAPILiveTests.request(port, "GET", path)
    }

    @Test func anAsOfFloodIsRefusedWith429Or503AndRetryAfterWhileHealthzAnswers() throws {
        let server = try Self.server(burst: 5)
        defer { server.stop() }
        let day: Int64 = 86_400_000, first: Int64 = 1_736_190_000_000
        // While the league's one `?asOf=` slot is taken, another date is refused at once: 503, Retry-After.
        let leagues = server.game.service.leagues
        #expect(leagues.beginAsOf("crown"))
        let busy = try Self.get(server.port, "/api/leagues/crown?asOf=\(first + day)")
        leagues.endAsOf("crown")
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "1")
        #expect(busy.json["code"] as? String == "busy")
        // Live standings are not rationed: a phone polling the league page is never refused.
        for _ in 0..<8 { #expect(try Self.get(server.port, "/api/leagues/crown").status == 200) }

        // 40 distinct dates at once from one address, and the health check in the middle of them.
        let replies = try Self.flood(server.port, (0..<40).map { "/api/leagues/crown?asOf=\(first + Int64($0 + 2) * day)" })
        let health = try Self.get(server.port, "/healthz")
        #expect(health.status == 200)
        #expect(Set(replies.map(\.status)).isSubset(of: [200, 429, 503]), "\(replies.map(\.status))")
        // Five in the bucket (four left after the 503 above), plus at most one a second refilled.
        #expect(replies.filter { $0.status == 200 }.count <= 8)
        #expect(replies.filter { $0.status == 429 }.count >= 32)
        for reply in replies where reply.status != 200 {
            #expect(Int(reply.header("Retry-After") ?? "") ?? 0 >= 1, "\(reply.status) \(reply.body)")
            #expect(["rate_limited", "busy"].contains(reply.json["code"] as? String ?? ""), "\(reply.body)")
        }
    }

    @Test func healthAndMetricsDoNotWaitBehindASaturatedWorkerPool() throws {
        let server = try Self.server(burst: 5)
        defer { server.stop() }
        // Every worker busy, and more work queued behind them (a flood of downloads, say).
        let release = DispatchSemaphore(value: 0)
        let jobs = 2 * WorkerPool.defaultWorkers
        for _ in 0..<jobs { server.game.service.router.pool.run { release.wait() } }
        defer { for _ in 0..<jobs { release.signal() } }
        let answers = Mutex<[String: Int]>([:]), port = server.port
        let done = DispatchGroup()
        for path in ["/healthz", "/metrics"] {
            done.enter()
            DispatchQueue.global().async {
                let status = (try? Self.get(port, path).status) ?? -1
                answers.withLock { $0[path] = status }
                done.leave()
            }
        }
        let inTime = done.wait(timeout: .now() + 10) == .success
        #expect(inTime, "health and metrics waited behind the pool")
        #expect(answers.withLock { $0 } == ["/healthz": 200, "/metrics": 200])
    }

    @Test func resultsDownloadsAndLibrarySearchesShareOneAllowancePerAddress() throws {
        let server = try Self.server(burst: 3, perMinute: 1)
        defer { server.stop() }
        // The limit comes before the code is looked up: a prober pays for every guess.
        #expect(try Self.get(server.port, "/api/rooms/ZZZZZZ/results.csv").status == 404)
        #expect(try Self.get(server.port, "/api/packs?q=mohs").status == 200)
        #expect(try Self.get(server.port, "/api/rooms/ZZZZZZ/results.json").status == 404)
        let limited = try Self.get(server.port, "/api/rooms/ZZZZZZ/results.csv")
        #expect(limited.status == 429)
        #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(limited.json["code"] as? String == "rate_limited")
        #expect(try Self.get(server.port, "/api/packs?q=mohs").status == 429)
        // Listing the library without a search is answered from memory and not rationed.
        #expect(try Self.get(server.port, "/api/packs").status == 200)
        #expect(try Self.get(server.port, "/healthz").status == 200)
    }
}
