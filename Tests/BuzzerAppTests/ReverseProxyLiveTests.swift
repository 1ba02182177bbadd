import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// The shipped nginx example (`deploy/nginx/buzzer.conf`) in front of a plain server: nginx
/// terminates TLS and a game plays through it over wss, with a page and `/healthz` over https;
/// `/metrics`, which Buzzer serves to the proxy's loopback address, is not passed on.
@Suite(.serialized) struct ReverseProxyLiveTests {
    static let nginx = "/usr/sbin/nginx"

    /// nginx with the shipped site on a loopback port (a free one if not given) in front of `upstream`,
    /// checked with `nginx -t` first; its certificate is `folder`'s cert.pem and key.pem. The caller stops it.
    /// A free port can be taken by another process before nginx binds it (then the test talked to that
    /// process instead): nginx writes its pid file only once it listens, so this waits for that, and
    /// tries another free port if nginx exits instead.
    static func nginx(folder: String, upstream: Int, port: Int? = nil) throws -> (proxy: Process, port: Int) {
        let pidFile = folder + "/nginx.pid"
        for _ in 0..<5 {
            try? FileManager.default.removeItem(atPath: pidFile)
            let started = try startNginx(folder: folder, upstream: upstream, port: port ?? ScaleOutLiveTests.freePort())
            if eventually(timeout: 30, { !started.proxy.isRunning || FileManager.default.fileExists(atPath: pidFile) }), started.proxy.isRunning {
                return started
            }
            started.proxy.stop(after: 0)
            if port != nil { break }
        }
        throw NginxDidNotListen(folder: folder)
    }

    private static func startNginx(folder: String, upstream: Int, port: Int) throws -> (proxy: Process, port: Int) {
        let site = try String(contentsOfFile: LiveGameServer.packageRoot + "/deploy/nginx/buzzer.conf", encoding: .utf8)
            .replacingOccurrences(of: "listen LISTEN;", with: "listen 127.0.0.1:\(port) ssl;")
            .replacingOccurrences(of: "ssl_certificate     CERTIFICATE;", with: "ssl_certificate     \(folder)/cert.pem;")
            .replacingOccurrences(of: "ssl_certificate_key KEY;", with: "ssl_certificate_key \(folder)/key.pem;")
            .replacingOccurrences(of: "server UPSTREAM;", with: "server 127.0.0.1:\(upstream);")
        try site.write(toFile: folder + "/buzzer.conf", atomically: true, encoding: .utf8)
        let main = """
        pid \(folder)/nginx.pid;
        error_log \(folder)/logs/error.log info;
        events {}
        http {
            access_log off;
            client_body_temp_path \(folder)/body;
            proxy_temp_path \(folder)/proxy;
            include \(folder)/buzzer.conf;
        }
        """
        try main.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
        let check = try ChildProcess.run(URL(fileURLWithPath: Self.nginx), ["-t", "-p", folder, "-c", folder + "/nginx.conf"], timeout: 30)
        #expect(check.status == 0, "nginx -t: \(check.output)")

        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: Self.nginx)
        proxy.arguments = ["-p", folder, "-c", folder + "/nginx.conf", "-g", "daemon off;"]
        proxy.standardOutput = FileHandle.nullDevice
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        return (proxy, port)
    }

    @Test func aGamePlaysThroughTheShippedNginxConfig() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.nginx), "nginx is not installed (apt-get install nginx-light; .ci/run does)")
        guard FileManager.default.isExecutableFile(atPath: Self.nginx) else { return }
        let folder = ScratchFolder.make("buzzer-nginx", create: false)
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try TLSLiveTests.certificate("localhost", in: folder)

        let server = try LiveGameServer()
        defer { server.stop() }
        let (proxy, port) = try Self.nginx(folder: folder, upstream: server.port)
        // By PID, polling: Process.waitUntilExit() can hang on Linux under load (ChildProcess.swift).
        defer { proxy.stop(after: 0) }
        let python = try PythonTool.interpreter(packageRoot: URL(fileURLWithPath: LiveGameServer.packageRoot))
        let script = """
        import json, ssl, sys, time, urllib.error, urllib.request
        from websockets.sync.client import connect
        context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
        base = f"127.0.0.1:{sys.argv[1]}"
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"https://{base}/healthz", context=context) as r: print("healthz", r.status); break
            except OSError: time.sleep(0.1)
        with urllib.request.urlopen(f"https://{base}/host", context=context) as r: print("page", r.status)
        for path in ["/metrics", "/metrics?name=buzzer_players", "//metrics", "/./metrics", "/metrics/"]:
            try:
                with urllib.request.urlopen(f"https://{base}{path}", context=context) as r: print("metrics", path, r.status)
            except urllib.error.HTTPError as e: print("metrics", path, e.code)
        with connect(f"wss://{base}/ws", subprotocols=["buzzer.v1"], ssl=context) as host:
            host.send(json.dumps({"type": "create", "pack": "pub-classics", "token": "\(LiveGameServer.editToken)", "settings": {"readingTimeMs": 0}}))
            code = json.loads(host.recv(timeout=10))["code"]
            with connect(f"wss://{base}/ws?room={code}", subprotocols=["buzzer.v1"], ssl=context) as ada:
                ada.send(json.dumps({"type": "join", "code": code, "nickname": "Ada"}))
                print("joined", json.loads(ada.recv(timeout=10))["type"])
                host.send(json.dumps({"type": "start"}))
                while json.loads(ada.recv(timeout=10))["type"] != "question": pass
                ada.send(json.dumps({"type": "answer", "question": 0, "answer": {"kind": "choice", "option": 0}}))
                while True:
                    m = json.loads(ada.recv(timeout=10))
                    if m["type"] == "answer_ack": print("ack", m["durable"]); break
        """
        let result = try PythonTool.run(python, ["-c", script, "\(port)"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("healthz 200"))
        #expect(result.output.contains("page 200"))
        for path in ["/metrics", "/metrics?name=buzzer_players", "//metrics", "/./metrics", "/metrics/"] {
            #expect(result.output.contains("metrics \(path) 404"), "\(path) through the proxy: \(result.output)")
        }
        #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/metrics").status == 200, "Buzzer's own port still serves loopback")
        #expect(result.output.contains("joined joined"))
        #expect(result.output.contains("ack True"))
    }
}

/// nginx exited before it listened, five free ports running.
struct NginxDidNotListen: Error, CustomStringConvertible {
    let folder: String
    var description: String { "nginx did not start listening (its log: \(folder)/logs/error.log)" }
}
