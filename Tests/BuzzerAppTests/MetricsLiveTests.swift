import BuzzerTestSupport
import Foundation
import Testing

/// `GET /metrics` during a real game, read by prometheus_client's parser (Tests/Metrics).
struct MetricsLiveTests {
    @Test func metricsFollowAGameAndParseAsPrometheusText() throws {
        let server = try LiveGameServer()
        defer { server.stop() }

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        var players: [GameClient] = []
        for name in ["Ada", "Bob"] {
            let player = try GameClient(port: server.port)
            try player.send(type: "join", ["code": code, "nickname": name])
            try player.next("joined")
            players.append(player)
        }
        let guesser = try GameClient(port: server.port)
        try guesser.send(type: "join", ["code": "ZZZZZZ", "nickname": "Eve"])
        #expect(try guesser.next("error")["code"] as? String == "room_not_found")
        try guesser.socket.sendClose(code: 1000)

        try host.send(type: "start")
        for (index, player) in players.enumerated() {
            try player.next("question")
            try player.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": index]])
            try player.next("answer_ack")
        }
        try host.send(type: "reveal")
        for player in players { try player.next("result") }

        var metrics: [String: Double] = [:]
        let settled = try eventually(timeout: 10) {
            metrics = try Self.scrape(port: server.port)
            // The question's last write and the guesser's close are reported from other threads.
            return metrics["buzzer_question_fanout_seconds_count{}"] == 1 && metrics["buzzer_closes_total{code=1000}"] == 1
        }
        #expect(settled, "\(metrics)")
        #expect(metrics["buzzer_connections{}"] == 3)
        #expect(metrics["buzzer_players{}"] == 2)
        #expect(metrics["buzzer_rooms{phase=revealed}"] == 1)
        #expect(metrics["buzzer_rooms{phase=lobby}"] == 0)
        #expect(metrics["buzzer_answer_ack_seconds_count{}"] == 2)
        #expect(metrics["buzzer_refusals_total{code=room_not_found}"] == 1)
        #expect((metrics["buzzer_messages_received_total{}"] ?? 0) >= 8)
        #expect((metrics["buzzer_messages_sent_total{}"] ?? 0) >= 12)
        #expect((metrics["buzzer_received_bytes_total{}"] ?? 0) > 0 && (metrics["buzzer_sent_bytes_total{}"] ?? 0) > 0)
        #expect((metrics["buzzer_archive_batch_events_count{}"] ?? 0) >= 1)
        #expect((metrics["buzzer_archive_fsync_seconds_count{}"] ?? 0) >= 1)
        // Every event reached the log: the batches' events add up to the room's lines.
        #expect(metrics["buzzer_archive_batch_events_sum{}"] == Double(try server.loggedEvents(of: code).count))
    }

    /// `/metrics` through prometheus_client's parser, as a flat table of samples.
    static func scrape(port: Int) throws -> [String: Double] {
        let (status, text) = try TestWebSocketClient.httpGet(port: port, path: "/metrics")
        #expect(status == 200)
        let root = URL(fileURLWithPath: LiveGameServer.packageRoot)
        let python = try PythonTool.interpreter(packageRoot: root)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-metrics-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let parsed = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                          ["-c", "\"$0\" \"$1\" < \"$2\"", python.path, root.path + "/Tests/Metrics/parse_metrics.py", input.path], timeout: 60)
        try #require(parsed.status == 0, "prometheus_client refused the exposition: \(parsed.output)\n\(text)")
        let object = try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Double]
        return try #require(object, "\(parsed.output)")
    }

    /// The shipped Grafana dashboard asks only for metrics the server exposes.
    @Test func theGrafanaDashboardNamesOnlyMetricsTheServerExposes() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        // A refusal and a close, so the labelled counters exist (they appear with their first label).
        let guest = try GameClient(port: server.port)
        try guest.send(type: "join", ["code": "ZZZZZZ", "nickname": "Ada"])
        _ = try guest.next("error")
        try guest.socket.sendClose()
        var exposed = ""
        #expect(eventually(timeout: 10) {
            exposed = (try? TestWebSocketClient.httpGet(port: server.port, path: "/metrics").body) ?? ""
            return exposed.contains("# TYPE buzzer_closes_total ") && exposed.contains("# TYPE buzzer_refusals_total ")
        })
        let dashboard = try String(contentsOfFile: LiveGameServer.packageRoot + "/deploy/grafana/buzzer-dashboard.json", encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(dashboard.utf8)) as? [String: Any]
        let panels = try #require(json?["panels"] as? [[String: Any]])
        let expressions = panels.flatMap { ($0["targets"] as? [[String: Any]] ?? []).compactMap { $0["expr"] as? String } }
        #expect(expressions.count >= 10)
        let names = Set(expressions.flatMap { expression in
            expression.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).filter { $0.hasPrefix("buzzer_") }.map(String.init)
        })
        for name in names {
            #expect(exposed.contains("# TYPE \(Self.family(of: name)) "), "the dashboard asks for \(name), which /metrics does not expose")
        }
    }

    /// `buzzer_x_seconds_bucket` belongs to the `buzzer_x_seconds` family.
    static func family(of name: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
        return name
    }
}
