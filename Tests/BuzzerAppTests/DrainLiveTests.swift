import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// A rolling restart: SIGUSR1 makes `buzzer serve` start no new game while the running ones play
/// to their end, then exit by itself.
struct DrainLiveTests {
    @Test func aDrainingServerStartsNoGameLetsTheRunningOneFinishThenExits() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop(signal: SIGKILL) }

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0]])
        let code = try #require(try host.next("created")["code"] as? String)
        #expect(try Self.health(port: server.port).status == 200)

        server.send(signal: SIGUSR1)
        #expect(eventually(timeout: 10) { (try? Self.health(port: server.port))?.body.contains(#""status":"draining""#) == true })
        let health = try Self.health(port: server.port)
        #expect(health.status == 503, "\(health.body)")
        #expect(health.body.contains(#""running":1"#), "\(health.body)")

        // No new game…
        let other = try GameClient(port: server.port)
        try other.send(type: "create", ["questions": LiveGameServer.pack])
        let refused = try other.next("error")
        #expect(refused["code"] as? String == "draining")

        // …but the running one plays on: a player joins, answers, and the host ends it.
        let player = try GameClient(port: server.port)
        try player.send(type: "join", ["code": code, "nickname": "Ada"])
        try player.next("joined")
        try host.send(type: "start")
        try player.next("question")
        try player.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        #expect(try player.next("answer_ack")["durable"] as? Bool == true)
        #expect(server.exitStatus(within: 0.5) == nil, "the server left before its game ended")
        try host.send(type: "end")
        try player.next("ended")

        // Then it shuts down as for SIGTERM and exits 0.
        #expect(server.exitStatus(within: 20) == 0)
    }

    static func health(port: Int) throws -> (status: Int, body: String) {
        try TestWebSocketClient.httpGet(port: port, path: "/healthz")
    }
}
