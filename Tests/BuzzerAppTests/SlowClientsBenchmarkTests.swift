import BuzzerTestSupport
import Foundation
import Testing

/// The slow-clients load client (`Benchmarks/slowclients/slowclients.c`) against a real `buzzer serve`,
/// small: its figures are in docs/performance.md, so it must keep speaking the protocol (join, the
/// state of a running question, answer and ack, leave) while its sinks and stalls are in place.
@Suite(.serialized) struct SlowClientsBenchmarkTests {
    @Test func slowClientsClientMeasuresEveryTryWhileSinksAndStallsHold() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = directory + "/slowclients"
        let build = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "cc", "-O2", "-std=gnu11", "-Wall", "-Wextra", "-o", client,
            LiveGameServer.packageRoot + "/Benchmarks/slowclients/slowclients.c",
        ], timeout: 120)
        try #require(build.status == 0, "cc failed: \(build.output)")

        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let sinks = 20, stalls = 20, tries = 3
        // pub-classics has 17 questions: 400 ms each is 6.8 s, enough for 1 s of attack and 3 tries.
        let run = try ChildProcess.run(URL(fileURLWithPath: client), [
            "--port", "\(server.port)", "--pack", "pub-classics", "--token", LiveGameServer.editToken, "--sinks", "\(sinks)", "--stalls", "\(stalls)",
            "--tries", "\(tries)", "--warmup-s", "1", "--try-gap-ms", "50", "--open-ms", "300", "--reveal-ms", "100",
            "--server-pid", "\(server.pid)", "--json", "--quiet", "--timeout", "60",
        ], timeout: 90)
        #expect(run.status == 0, "\(run.output)")

        let line = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("{\"ok\"") }, "\(run.output)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(result["ok"] as? Bool == true, "\(line)")
        #expect(result["errors"] as? Int == 0, "\(line)")
        #expect(result["failed"] as? Int == 0, "\(line)")
        for name in ["join_ms", "ack_ms"] {
            let histogram = try #require(result[name] as? [String: Any], "\(line)")
            #expect(histogram["count"] as? Int == tries, "\(name): \(line)")
            #expect((histogram["min"] as? Double ?? 0) > 0, "\(name): \(line)")
        }
        #expect(result["sinks_established_at_end"] as? Int == sinks, "\(line)")
        #expect(result["stalling_at_end"] as? Int == stalls, "\(line)")
        #expect((result["questions"] as? Int ?? 0) >= 2, "\(line)")
    }
}
