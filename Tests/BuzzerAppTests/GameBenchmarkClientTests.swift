import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// The bar-night load client (`Benchmarks/game/game.c`) against a real `buzzer serve`, small: the
/// performance figures in docs/performance.md come from it, so it must keep speaking the protocol,
/// and its own checks (no answer reaches a player before the reveal, every answer acknowledged,
/// questions in order) must pass.
@Suite(.serialized) struct GameBenchmarkClientTests {
    @Test func benchClientPlaysWholeGamesWithNoErrorsAndEveryAnswerAcknowledged() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = directory + "/game"
        let build = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [LiveGameServer.packageRoot + "/Benchmarks/game/build.sh", client], timeout: 120)
        try #require(build.status == 0, "build.sh failed: \(build.output)")

        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let rooms = 2, players = 6, questions = 3
        let run = try ChildProcess.run(URL(fileURLWithPath: client), [
            "--port", "\(server.port)", "--rooms", "\(rooms)", "--players", "\(players)", "--questions", "\(questions)",
            "--answer-min-ms", "5", "--answer-max-ms", "40", "--gap-ms", "5", "--reading-ms", "50",
            "--server-pid", "\(server.pid)", "--json", "--timeout", "60",
        ], timeout: 90)
        #expect(run.status == 0, "\(run.output)")

        // stdout and stderr come combined: the result is the one JSON object line.
        let line = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("{\"ok\"") }, "\(run.output)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(result["ok"] as? Bool == true, "\(line)")
        #expect(result["errors"] as? Int == 0, "\(line)")
        #expect(result["players"] as? Int == rooms * players)
        #expect(result["acks"] as? Int == rooms * players * questions)
        #expect(result["not_durable"] as? Int == 0)
        let fanout = try #require(result["fanout_ms"] as? [String: Any])
        let p50 = try #require(fanout["p50"] as? Double)
        #expect(p50 > 0)
    }
}
