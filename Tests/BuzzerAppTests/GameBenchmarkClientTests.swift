import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// The bar-night load client (`Benchmarks/game/game.c`) against a real `buzzer serve`, small: the
/// performance figures in docs/performance.md come from it, so it must keep speaking the protocol,
/// and its own checks (no answer reaches a player before the reveal, every answer acknowledged,
/// questions in order, one result per player and reveal) must pass.
@Suite(.serialized) struct GameBenchmarkClientTests {
    @Test func benchClientPlaysWholeGamesWithNoErrorsAndEveryAnswerAcknowledged() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try Self.buildClient(in: directory)

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

        // The reveal: host `reveal` -> each player's own `result`. Every player gets one result per
        // question, and each measured one is a sample; the room's last and first player give one
        // sample per room and measured question, and bound the per-player samples exactly.
        let warmup = try #require(result["warmup_questions"] as? Int)
        let measured = questions - warmup
        #expect(result["results"] as? Int == rooms * players * questions, "\(line)")
        let reveal = try Self.histogram(result, "reveal_ms")
        let revealRoom = try Self.histogram(result, "reveal_all_ms")
        let revealFirst = try Self.histogram(result, "reveal_first_ms")
        #expect(reveal.count == rooms * players * measured, "\(line)")
        #expect(revealRoom.count == rooms * measured, "\(line)")
        #expect(revealFirst.count == rooms * measured, "\(line)")
        #expect(reveal.min > 0 && reveal.p50 >= reveal.min && reveal.p99 >= reveal.p50 && reveal.max >= reveal.p99, "\(line)")
        #expect(reveal.max < 10_000, "a reveal took over 10 s: \(line)")
        #expect(revealRoom.max == reveal.max, "the slowest result is some room's last: \(line)")
        #expect(revealFirst.min == reveal.min, "the fastest result is some room's first: \(line)")
        let perQuestion = try #require(result["per_question"] as? [[String: Any]])
        #expect(perQuestion.count == measured)
        for question in perQuestion {
            let mean = try #require(question["reveal_mean_ms"] as? Double, "\(question)")
            let max = try #require(question["reveal_max_ms"] as? Double, "\(question)")
            #expect(mean > 0 && mean <= max, "\(question)")
        }
    }

    /// The scale-out benchmark's kill run in small: with --resume, every connection the killed server
    /// dropped comes back after the restart (host with `host`, players with `resume`) and the game ends.
    @Test func benchClientResumesEveryDroppedConnectionAfterTheServerIsKilledAndRestarted() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try Self.buildClient(in: directory)

        var server = try ServerProcess(arguments: arguments)
        defer { _ = server.stop(signal: SIGKILL) }
        let port = server.port
        let players = 6
        let game = Process()
        game.executableURL = URL(fileURLWithPath: client)
        game.arguments = ["--port", "\(port)", "--rooms", "1", "--players", "\(players)", "--questions", "4",
                          "--answer-min-ms", "200", "--answer-max-ms", "400", "--gap-ms", "50", "--json", "--timeout", "90",
                          "--resume", "--resume-timeout", "30"]
        let out = Pipe(), err = Pipe()
        game.standardOutput = out
        game.standardError = err
        try game.run()
        defer { game.stop(after: 0, signal: SIGKILL) }
        let progress = ChildProcess.read(err.fileHandleForReading, timeout: 30) { $0.contains("playing") }
        try #require(progress.contains("playing"), "\(progress)")

        // Mid-game: the first question is out. The same port again, so the dropped connections find it.
        _ = server.stop(signal: SIGKILL)
        server = try ServerProcess(arguments: arguments.map { $0 == "0" ? "\(port)" : $0 })
        let output = ChildProcess.read(out.fileHandleForReading, timeout: 90) { $0.contains("\n") }
        game.stop(after: 10)
        let log = ChildProcess.read(err.fileHandleForReading, timeout: 1) { _ in false }
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        #expect(result["ok"] as? Bool == true, "\(output)\n\(progress)\(log)")
        let resume = try #require(result["resume"] as? [String: Any], "\(output)")
        #expect(resume["drops"] as? Int == players + 1, "\(output)")
        #expect(resume["resumed"] as? Int == players + 1, "\(output)")
        #expect(resume["rooms_disrupted"] as? Int == 1, "\(output)")
        #expect((resume["acks_in_disrupted_rooms"] as? Int ?? 0) > 0, "the game went on after the restart: \(output)")
    }

    /// Builds the load client with its own script into `directory`; returns its path.
    private static func buildClient(in directory: String) throws -> String {
        let client = directory + "/game"
        let build = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [LiveGameServer.packageRoot + "/Benchmarks/game/build.sh", client], timeout: 120)
        try #require(build.status == 0, "build.sh failed: \(build.output)")
        return client
    }

    private struct Histogram { var count: Int; var p50, p99, max, min: Double }

    private static func histogram(_ result: [String: Any], _ name: String) throws -> Histogram {
        let h = try #require(result[name] as? [String: Any], "no \(name) in the client's JSON")
        return Histogram(
            count: try #require(h["count"] as? Int), p50: try #require(h["p50"] as? Double),
            p99: try #require(h["p99"] as? Double), max: try #require(h["max"] as? Double), min: try #require(h["min"] as? Double))
    }
}
