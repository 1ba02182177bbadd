@testable import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Testing

/// The per-address limits behind the shipped proxies (`deploy/haproxy/haproxy.cfg` with
/// send-proxy-v2, `deploy/nginx/buzzer.conf` with X-Forwarded-For) and `server.trustedProxies`:
/// twelve clients, each bound to its own loopback address (127.0.0.2 … 127.0.0.13), each get their
/// own create burst, one wrong-code guesser no longer locks out everyone's wrong codes, and headers
/// forged by a client change nothing. HAProxy and nginx run on loopback ports and are stopped by PID.
@Suite(.serialized) struct ProxyDeploymentLiveTests {
    static let clients = (2...13).map { "127.0.0.\($0)" }

    /// One create burst and one create a minute per address, two wrong codes a minute, no delays.
    static func server(_ adjust: (inout BuzzerConfig) -> Void = { _ in }) throws -> LiveGameServer {
        try LiveGameServer {
            $0.server.trustedProxies = ["127.0.0.1"]
            $0.rooms.createBurst = 1
            $0.rooms.createsPerMinute = 1
            $0.rooms.failedJoinsPerMinute = 2
            $0.rooms.failedJoinDelayMilliseconds = 0
            adjust(&$0)
        }
    }

    /// A free loopback port for a proxy to listen on, below the kernel's ephemeral range (32768 and
    /// up): a port `freePort` found free there can be handed to any socket bound to port 0 (another
    /// suite's server, HAProxy restarted by ScaleOutLiveTests) before the proxy binds it, and HAProxy
    /// binds with SO_REUSEPORT, so two proxies would then share it.
    static func proxyPort() throws -> Int {
        for _ in 0..<100 {
            let port = Int.random(in: 20_000..<32_000)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            if bound == 0 { return port }
        }
        throw TestWebSocketClient.ClientError.connectFailed(EADDRINUSE)
    }

    static func create(_ client: GameClient) throws -> String {
        try client.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let answer = try client.next(after: ["created", "error"])
        return answer["type"] as? String == "created" ? "created" : answer["code"] as? String ?? "?"
    }

    static func haproxy(before server: LiveGameServer) throws -> (proxy: Process, port: Int) {
        let port = try proxyPort()
        var environment = ProcessInfo.processInfo.environment
        environment["BUZZER_LISTEN"] = "127.0.0.1:\(port)"
        // All three of the shipped config's instances are this one server.
        for id in ["A", "B", "C"] { environment["BUZZER_\(id)"] = "127.0.0.1:\(server.port)" }
        let check = try ChildProcess.run(URL(fileURLWithPath: ScaleOutLiveTests.haproxy), ["-c", "-f", ScaleOutLiveTests.configFile], timeout: 30, environment: environment)
        #expect(check.status == 0, "haproxy -c: \(check.output)")
        return (try ScaleOutLiveTests.startProxy(environment, port: port), port)
    }

    @Test func twelveClientsBehindTheShippedHAProxyConfigEachHaveTheirOwnAddress() throws {
        #expect(FileManager.default.isExecutableFile(atPath: ScaleOutLiveTests.haproxy), "haproxy is not installed (scripts/need-debian-packages test)")
        guard FileManager.default.isExecutableFile(atPath: ScaleOutLiveTests.haproxy) else { return }
        let server = try Self.server()
        defer { server.stop() }
        let (proxy, port) = try Self.haproxy(before: server)
        // By PID, polling: Process.waitUntilExit() can hang on Linux under load (ChildProcess.swift).
        defer { proxy.stop(after: 0) }

        // Each client's own burst: behind the proxy they all used to be 127.0.0.1, and the second was refused.
        var hosts: [GameClient] = []
        for address in Self.clients {
            let host = try GameClient(port: port, from: address)
            #expect(try Self.create(host) == "created", "\(address)")
            hosts.append(host)
        }
        #expect(server.game.service.roomCount == 12)
        #expect(try Self.create(GameClient(port: port, from: "127.0.0.2")) == "rate_limited", "the burst is per address")
        // A client that names another address changes nothing: HAProxy's header says who it is.
        let forged = try GameClient(port: port, from: "127.0.0.3", headers: ["X-Forwarded-For": "127.0.0.99", "Forwarded": "for=127.0.0.98"])
        #expect(try Self.create(forged) == "rate_limited")

        // One guesser spends its own wrong codes, not everyone's.
        let guesser = try GameClient(port: port, from: "127.0.0.14")
        for guess in 0..<2 { #expect(try guesser.expectError(after: ["type": "join", "code": "NOPE\(guess)", "nickname": "x"]) == "room_not_found") }
        #expect(try guesser.expectError(after: ["type": "join", "code": "NOPE2", "nickname": "x"]) == "rate_limited")
        let typo = try GameClient(port: port, from: "127.0.0.15")
        #expect(try typo.expectError(after: ["type": "join", "code": "NOPE3", "nickname": "x"]) == "room_not_found")

        // Defect 7 through the proxy: */metrics no longer reaches /metrics past its rule.
        for target in ["*/metrics", "foo/metrics", "x/api/settings"] {
            let answer = try TestWebSocketClient.httpGet(port: port, path: target, from: "127.0.0.2")
            #expect(answer.status == 400, "\(target): \(answer.status)")
            #expect(!answer.body.contains("buzzer_"), "\(target)")
        }
        #expect(try TestWebSocketClient.httpGet(port: port, path: "/api/settings").status == 200)
    }

    @Test func aHeaderForgedByAPeerThatIsNoProxyChangesNothing() throws {
        let server = try Self.server()
        defer { server.stop() }
        let direct = try GameClient(port: server.port, from: "127.0.0.20")
        #expect(try Self.create(direct) == "created")
        // Its own forwarded headers name others: still its address, and its burst is spent.
        let forged = try GameClient(port: server.port, from: "127.0.0.20", headers: ["X-Forwarded-For": "127.0.0.21", "Forwarded": "for=127.0.0.22"])
        #expect(try Self.create(forged) == "rate_limited")
        // A PROXY header of its own is not read at all.
        let client = try TestWebSocketClient(port: server.port, from: "127.0.0.20")
        let header = ProxyProtocolHeader.signature + [0x21, 0x11, 0x00, 0x0C, 127, 0, 0, 23, 127, 0, 0, 1, 0x9C, 0x40, 0x1F, 0x90]
        try client.sendRaw(header + Array("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        #expect(try client.readHTTPResponse() == 400)
        #expect(server.game.service.roomCount == 1)
    }

    @Test func twelveClientsBehindTheShippedNginxConfigEachHaveTheirOwnAddress() throws {
        #expect(FileManager.default.isExecutableFile(atPath: ReverseProxyLiveTests.nginx), "nginx is not installed (scripts/need-debian-packages test)")
        guard FileManager.default.isExecutableFile(atPath: ReverseProxyLiveTests.nginx) else { return }
        let folder = ScratchFolder.make("buzzer-nginx", create: false)
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try TLSLiveTests.certificate("localhost", in: folder)
        let server = try Self.server()
        defer { server.stop() }
        let (proxy, port) = try ReverseProxyLiveTests.nginx(folder: folder, upstream: server.port, port: Self.proxyPort())
        // By PID, polling: Process.waitUntilExit() can hang on Linux under load (ChildProcess.swift).
        defer { proxy.stop(after: 0) }
        let script = """
        import json, socket, ssl, sys, time
        from websockets.sync.client import connect
        port = int(sys.argv[1])
        context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
        # TLS 1.2: the sync client's reader thread and a TLS 1.3 session ticket arriving while it sends
        # its request left about one connection in a hundred without its request reaching nginx.
        context.maximum_version = ssl.TLSVersion.TLSv1_2
        def dial(source):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
            return sock
        def create(source, headers=None):
            with connect(f"wss://127.0.0.1:{port}/ws", sock=dial(source), ssl=context, server_hostname="localhost",
                         subprotocols=["buzzer.v1"], additional_headers=headers or {}) as ws:
                ws.send(json.dumps({"type": "create", "pack": "pub-classics", "token": "\(LiveGameServer.editToken)"}))
                while True:
                    m = json.loads(ws.recv(timeout=10))
                    if m["type"] == "created": return "created"
                    if m["type"] == "error": return m["code"]
        def raw(source, target):
            with context.wrap_socket(dial(source), server_hostname="localhost") as s:
                s.sendall(f"GET {target} HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n".encode())
                data = b""
                while chunk := s.recv(65536): data += chunk
                return data.decode(errors="replace")
        for _ in range(100):
            try: raw("127.0.0.2", "/healthz"); break
            except OSError: time.sleep(0.1)
        for n in range(2, 14): print("create", n, create(f"127.0.0.{n}"))
        print("again", create("127.0.0.2"))
        print("forged", create("127.0.0.3", {"X-Forwarded-For": "127.0.0.99", "Forwarded": "for=127.0.0.98"}))
        for target in ["*/metrics", "foo/metrics", "x/api/settings"]:
            answer = raw("127.0.0.4", target)
            print("target", target, answer.split(" ")[1], "buzzer_" in answer)
        """
        let python = try PythonTool.interpreter(packageRoot: URL(fileURLWithPath: LiveGameServer.packageRoot))
        let result = try PythonTool.run(python, ["-c", script, "\(port)"], timeout: 120)
        let errors = (try? String(contentsOfFile: folder + "/logs/error.log", encoding: .utf8)) ?? ""
        #expect(result.status == 0, "\(result.output)\nnginx: \(errors)")
        for n in 2...13 { #expect(result.output.contains("create \(n) created\n"), "127.0.0.\(n): \(result.output)") }
        #expect(result.output.contains("again rate_limited"), "\(result.output)")
        #expect(result.output.contains("forged rate_limited"), "\(result.output)")
        for target in ["*/metrics", "foo/metrics", "x/api/settings"] {
            #expect(result.output.contains("target \(target) 400 False"), "\(target): \(result.output)")
        }
        #expect(server.game.service.roomCount == 12)
    }

    @Test func thePROXYHeaderComesBeforeTheTLSClientHello() throws {
        #expect(FileManager.default.isExecutableFile(atPath: ScaleOutLiveTests.haproxy), "haproxy is not installed (scripts/need-debian-packages test)")
        guard FileManager.default.isExecutableFile(atPath: ScaleOutLiveTests.haproxy) else { return }
        let folder = TLSLiveTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tls = try TLSLiveTests.certificate("localhost", in: folder)
        // Only 127.0.0.5 may read the metrics: the address a request is counted against shows in its answer.
        let server = try Self.server {
            $0.server.tls = tls
            $0.metrics.allowFrom = ["127.0.0.5"]
        }
        defer { server.stop() }
        // HAProxy passing TLS through untouched (mode tcp), the header in front of it.
        let port = try Self.proxyPort()
        let config = """
        defaults
            mode tcp
            timeout connect 5s
            timeout client 30s
            timeout server 30s
        frontend tls
            bind 127.0.0.1:\(port)
            default_backend buzzer
        backend buzzer
            server buzzer 127.0.0.1:\(server.port) send-proxy-v2
        """
        // HAProxy refuses a file whose last line has no LF.
        try (config + "\n").write(toFile: folder + "/haproxy.cfg", atomically: true, encoding: .utf8)
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: ScaleOutLiveTests.haproxy)
        proxy.arguments = ["-db", "-f", folder + "/haproxy.cfg"]
        proxy.standardOutput = FileHandle.nullDevice
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        // By PID, polling: Process.waitUntilExit() can hang on Linux under load (ChildProcess.swift).
        defer { proxy.stop(after: 0) }
        let script = """
        import http.client, json, ssl, sys, time
        from websockets.sync.client import connect
        proxy, direct = int(sys.argv[1]), int(sys.argv[2])
        context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
        def status(port, source, path="/metrics"):
            c = http.client.HTTPSConnection("127.0.0.1", port, context=context, source_address=(source, 0), timeout=10)
            c.request("GET", path); r = c.getresponse(); r.read(); c.close(); return r.status
        for _ in range(100):
            try: status(proxy, "127.0.0.6", "/healthz"); break
            except OSError: time.sleep(0.1)
        print("through 127.0.0.5", status(proxy, "127.0.0.5"))
        print("through 127.0.0.6", status(proxy, "127.0.0.6"))
        print("direct 127.0.0.1", status(direct, "127.0.0.1"))
        with connect(f"wss://127.0.0.1:{proxy}/ws", ssl=context, subprotocols=["buzzer.v1"]) as ws:
            ws.send(json.dumps({"type": "create", "pack": "pub-classics", "token": "\(LiveGameServer.editToken)"}))
            print("wss", json.loads(ws.recv(timeout=10))["type"])
        """
        let python = try PythonTool.interpreter(packageRoot: URL(fileURLWithPath: LiveGameServer.packageRoot))
        let result = try PythonTool.run(python, ["-c", script, "\(port)", "\(server.port)"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("through 127.0.0.5 200"), "\(result.output)")
        #expect(result.output.contains("through 127.0.0.6 403"), "\(result.output)")
        #expect(result.output.contains("direct 127.0.0.1 403"), "the proxy itself, with no header: \(result.output)")
        #expect(result.output.contains("wss created"), "\(result.output)")
    }

    @Test func trustedProxiesAndTheForwardedHeaderAreCheckedWhenTheConfigIsRead() throws {
        func load(_ server: String) -> String {
            let json = #"{"server":{"host":"0.0.0.0","port":8080,"eventLoops":0,"maxConnections":10\#(server)},"websocket":{"allowedOrigins":[],"maxHeaderBytes":8192,"maxHeaderCount":64,"maxFrameSize":65536,"maxMessageSize":65536,"maxFragments":64,"compression":{"enabled":true,"minSize":256,"level":6,"maxDecompressedSize":65536,"serverMaxWindowBits":15,"clientMaxWindowBits":15,"serverNoContextTakeover":true}},"timeouts":{"handshakeSeconds":10,"idleSeconds":60,"pingIntervalSeconds":20,"closeSeconds":5,"shutdownSeconds":5},"transport":{"outboundHighWaterBytes":4194304,"readBufferBytes":65536}}"#
            do {
                let config = try BuzzerConfig.decode(Data(json.utf8))
                return "\(config.server.trustedProxies) \(config.server.forwardedHeader)"
            } catch {
                return "\(error)"
            }
        }
        #expect(load("") == #"[] X-Forwarded-For"#, "both are optional; nobody is trusted by default")
        #expect(load(#","trustedProxies":["10.0.0.0/8","::1"],"forwardedHeader":"Forwarded""#) == #"["10.0.0.0/8", "::1"] Forwarded"#)
        #expect(load(#","trustedProxies":["10.0.0.0/33"]"#).contains("server.trustedProxies"))
        #expect(load(#","trustedProxies":["proxy.local"]"#).contains("\"proxy.local\" is not an address or a CIDR block"))
        #expect(load(#","forwardedHeader":"X-Real-IP""#).contains("server.forwardedHeader"))
        let shipped = try BuzzerConfig.load(path: LiveGameServer.packageRoot + "/config.json")
        #expect(shipped.server.trustedProxies.isEmpty)
    }
}
