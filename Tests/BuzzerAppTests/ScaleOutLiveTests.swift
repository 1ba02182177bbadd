import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// Three `buzzer serve` instances behind the shipped HAProxy config, routed by join code: games
/// play through the proxy, one instance is killed and the other two go on untouched, and its
/// rooms come back when it restarts (docs/scale-out.md).
@Suite(.serialized) struct ScaleOutLiveTests {
    static let haproxy = "/usr/sbin/haproxy"
    static let configFile = LiveGameServer.packageRoot + "/deploy/haproxy/haproxy.cfg"

    /// A free loopback port (bound, read, released: HAProxy takes it right after).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Cluster {
        let folder: String
        var instances: [String: ServerProcess]
        let proxy: Process
        let proxyPort: Int
        let environment: [String: String]

        func arguments(_ id: String) -> [String] {
            ["serve", "--config", folder + "/config.json", "--host", "127.0.0.1", "--port", "0", "--archive", folder + "/archive-\(id)", "--instance-id", id]
        }

        func stop() {
            // By PID, polling: Process.waitUntilExit() can hang on Linux under load (ChildProcess.swift).
            proxy.stop(after: 0)
            for server in instances.values { server.stop() }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Starts A, B and C, then HAProxy with the shipped config pointed at them.
    static func cluster() throws -> Cluster {
        let folder = ScratchFolder.make("buzzer-scale", create: false)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The shipped config sends a PROXY v2 header to every instance: each trusts HAProxy on loopback.
        let config = CrashRecoveryTests.config(library: LiveGameServer.packageRoot + "/questions")
            .replacingOccurrences(of: #""maxConnections": 1000}"#, with: #""maxConnections": 1000, "trustedProxies": ["127.0.0.1"]}"#)
        #expect(config.contains("trustedProxies"))
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config.json"))
        var instances: [String: ServerProcess] = [:]
        for id in ["A", "B", "C"] {
            instances[id] = try ServerProcess(arguments: ["serve", "--config", folder + "/config.json", "--host", "127.0.0.1", "--port", "0",
                                                           "--archive", folder + "/archive-\(id)", "--instance-id", id])
        }
        let proxyPort = try freePort()
        var environment = ProcessInfo.processInfo.environment
        environment["BUZZER_LISTEN"] = "127.0.0.1:\(proxyPort)"
        for id in ["A", "B", "C"] { environment["BUZZER_\(id)"] = "127.0.0.1:\(instances[id]!.port)" }
        let check = try ChildProcess.run(URL(fileURLWithPath: haproxy), ["-c", "-f", configFile], timeout: 30, environment: environment)
        #expect(check.status == 0, "haproxy -c: \(check.output)")
        let proxy = try startProxy(environment, port: proxyPort)
        return Cluster(folder: folder, instances: instances, proxy: proxy, proxyPort: proxyPort, environment: environment)
    }

    /// HAProxy in the foreground with the shipped config, once it answers `/healthz`.
    static func startProxy(_ environment: [String: String], port: Int) throws -> Process {
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: haproxy)
        proxy.arguments = ["-db", "-f", configFile]
        proxy.environment = environment
        proxy.standardOutput = FileHandle.nullDevice
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        let ready = eventually(timeout: 15) { (try? TestWebSocketClient.httpGet(port: port, path: "/healthz").status) == 200 }
        #expect(ready, "HAProxy never answered /healthz")
        return proxy
    }

    /// A room created through the proxy, with one player in it, on its first question.
    struct Night {
        let code: String
        let token: String
        let host: GameClient
        let player: GameClient
        let resumeToken: String
    }

    static func night(through port: Int, player name: String) throws -> Night {
        let host = try GameClient(port: port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60, "closeWhenAllAnswered": false]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let player = try GameClient(port: port, room: code)
        try player.send(type: "join", ["code": code, "nickname": name])
        let joined = try player.next("joined")
        try host.send(type: "start")
        try player.next("question")
        return Night(code: code, token: token, host: host, player: player, resumeToken: try #require(joined["resumeToken"] as? String))
    }

    /// Three new games, dealt round robin, so one lands on each instance: by the code's first letter.
    static func nightOnEachInstance(through proxyPort: Int) throws -> [String: Night] {
        var nights: [String: Night] = [:]
        for n in 0..<3 {
            let night = try night(through: proxyPort, player: "Player\(n)")
            nights[String(night.code.prefix(1))] = night
        }
        #expect(Set(nights.keys) == ["A", "B", "C"], "codes: \(nights.values.map(\.code))")
        return nights
    }

    @Test func roomsAreRoutedByCodeAndSurviveTheLossOfAnotherInstance() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.haproxy), "haproxy is not installed (apt-get install haproxy; .ci/run does)")
        guard FileManager.default.isExecutableFile(atPath: Self.haproxy) else { return }
        var cluster = try Self.cluster()
        defer { cluster.stop() }

        let nights = try Self.nightOnEachInstance(through: cluster.proxyPort)
        // The QR code of a room is drawn by the instance that holds it.
        for night in nights.values {
            #expect(try TestWebSocketClient.httpGet(port: cluster.proxyPort, path: "/qr/\(night.code).svg").status == 200)
        }

        // Metrics are the operator's, on each instance: through a proxy on the same machine every
        // request would come from loopback, which metrics.allowFrom trusts.
        for path in ["/metrics", "/metrics?x=1", "//metrics", "/./metrics", "/METRICS"] {
            #expect(try TestWebSocketClient.httpGet(port: cluster.proxyPort, path: path).status == 404, "\(path)")
        }

        // B dies mid-question. A and C play on: answers, reveal, next question.
        cluster.instances["B"]!.stop(signal: SIGKILL)
        for id in ["A", "C"] {
            let night = try #require(nights[id])
            try night.player.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
            #expect(try night.player.next("answer_ack")["durable"] as? Bool == true)
            try night.host.send(type: "reveal")
            #expect(try night.player.next("result")["result"] != nil)
            try night.host.send(type: "next")
            #expect(try night.player.next("question")["question"] != nil)
        }

        // B comes back on a new port: its room is recovered from its log, and its player resumes through the proxy.
        let restarted = try ServerProcess(arguments: cluster.arguments("B"))
        cluster.instances["B"] = restarted
        var environment = cluster.environment
        environment["BUZZER_B"] = "127.0.0.1:\(restarted.port)"
        cluster.proxy.stop(after: 0)
        let proxy = try Self.startProxy(environment, port: cluster.proxyPort)
        cluster = Cluster(folder: cluster.folder, instances: cluster.instances, proxy: proxy, proxyPort: cluster.proxyPort, environment: environment)
        let b = try #require(nights["B"])
        let back = try GameClient(port: cluster.proxyPort, room: b.code)
        try back.send(type: "resume", ["code": b.code, "token": b.resumeToken])
        #expect(try back.next("joined")["resumed"] as? Bool == true)
        #expect(try back.next("state")["phase"] as? String == "open", "the question B was asking when it died")
        let host = try GameClient(port: cluster.proxyPort, room: b.code)
        try host.send(type: "host", ["code": b.code, "token": b.token])
        try host.next("hosting")
    }

    /// `/api/games/CODE/...` (corrections) goes to the instance whose log holds the game, like the
    /// room's WebSocket: three asks in a row for each code, which round robin would spread over all
    /// three instances, each reach the right one.
    @Test func aGamesCorrectionsAreRoutedToItsInstanceByCode() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.haproxy), "haproxy is not installed (apt-get install haproxy; .ci/run does)")
        guard FileManager.default.isExecutableFile(atPath: Self.haproxy) else { return }
        let cluster = try Self.cluster()
        defer { cluster.stop() }
        let nights = try Self.nightOnEachInstance(through: cluster.proxyPort)
        for night in nights.values {
            for game in [night.code, "\(night.code)@1", "\(night.code.lowercased())@1"] {
                let reply = try TestWebSocketClient.httpGet(port: cluster.proxyPort, path: "/api/games/\(game)/corrections",
                                                            headers: ["Authorization": "Bearer \(night.token)"])
                #expect(reply.status == 200 && reply.body.contains("\"finished\":false"), "\(game): \(reply.status) \(reply.body)")
            }
        }
    }
}
