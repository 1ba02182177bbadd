import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Glibc
import Testing

/// https and wss straight from the server (OpenSSL), with a self-signed certificate made by the
/// `openssl` command here: Python `websockets` plays over wss, TLS 1.2 and 1.3 are served and
/// older versions refused, a stalled TLS handshake is timed out like a slowloris, plain HTTP on
/// the TLS port is refused, and a reload (SIGHUP's work) swaps the certificate without dropping a
/// connection.
@Suite(.serialized) struct TLSLiveTests {
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    /// A self-signed certificate for `name`, with its key, in a fresh folder.
    static func certificate(_ name: String, in folder: String) throws -> TLSConfig {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try ChildProcess.run(openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=\(name)", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
        ], timeout: 60)
        #expect(made.status == 0, "openssl req: \(made.output)")
        return TLSConfig(certificateFile: folder + "/cert.pem", privateKeyFile: folder + "/key.pem")
    }

    static func folder() -> String {
        ScratchFolder.make("buzzer-tls", create: false)
    }

    /// `openssl s_client` to the server: its output (the certificate's subject, the protocol).
    static func handshake(port: Int, _ options: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(openssl, ["s_client", "-connect", "127.0.0.1:\(port)", "-brief"] + options + ["-ign_eof"], timeout: 20,
                             environment: nil, input: Data("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
    }

    @Test func pythonWebsocketsPlaysOverWSSAndPagesComeOverHTTPS() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tls = try Self.certificate("buzzer-test", in: folder)
        let server = try LiveGameServer { $0.server.tls = tls }
        defer { server.stop() }
        let python = try PythonTool.interpreter(packageRoot: URL(fileURLWithPath: LiveGameServer.packageRoot))
        let script = """
        import json, ssl, sys, urllib.request
        from websockets.sync.client import connect
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        port = sys.argv[1]
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/healthz", context=context) as r:
            print("healthz", r.status, json.loads(r.read())["status"])
        with connect(f"wss://127.0.0.1:{port}/ws", subprotocols=["buzzer.v1"], ssl=context) as host:
            host.send(json.dumps({"type": "create", "pack": "pub-classics", "token": "\(LiveGameServer.editToken)"}))
            created = json.loads(host.recv(timeout=10))
            print("created", created["type"], created["joinURL"].split("://")[0])
            with connect(f"wss://127.0.0.1:{port}/ws?room={created['code']}", subprotocols=["buzzer.v1"], ssl=context,
                         compression="deflate") as player:
                player.send(json.dumps({"type": "join", "code": created["code"], "nickname": "Ada"}))
                print("joined", json.loads(player.recv(timeout=10))["type"])
                player.send(json.dumps({"type": "peek", "code": created["code"], "padding": "x" * 70000}))
                print("big", json.loads(player.recv(timeout=10))["type"])
        """
        let result = try PythonTool.run(python, ["-c", script, "\(server.port)"], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("healthz 200 ok"))
        #expect(result.output.contains("created created https"), "join links say https")
        #expect(result.output.contains("joined joined"))
        #expect(result.output.contains("big "), "a 70 KB message crosses several TLS records")
    }

    @Test func onlyTLS12And13AreServedAndPlainHTTPIsRefused() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try LiveGameServer { $0.server.tls = try? Self.certificate("buzzer-test", in: folder) }
        defer { server.stop() }
        for version in ["-tls1_2", "-tls1_3"] {
            let ok = try Self.handshake(port: server.port, [version])
            #expect(ok.output.contains("HTTP/1.1 200"), "\(version): \(ok.output)")
        }
        let old = try Self.handshake(port: server.port, ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
        #expect(!old.output.contains("HTTP/1.1 200") && old.output.contains("alert protocol version"), "TLS 1.1 was served: \(old.output)")
        // Plain HTTP on the TLS port gets no page: the connection ends.
        let plain = try TestWebSocketClient(port: server.port)
        try plain.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(!(try plain.readToEOF()).contains("200"))
    }

    @Test func aStalledTLSHandshakeIsTimedOutLikeASlowloris() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try LiveGameServer {
            $0.server.tls = try? Self.certificate("buzzer-test", in: folder)
            $0.timeouts.handshakeSeconds = 1
        }
        defer { server.stop() }
        let client = try TestWebSocketClient(port: server.port)
        try client.sendRaw([0x16, 0x03, 0x01, 0x00, 0x80, 0x01])  // the start of a ClientHello, then nothing
        let started = Date()
        #expect(client.waitForEOF(timeout: 10), "the server kept a stalled TLS handshake open")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aReloadSwapsTheCertificateWithoutDroppingAConnection() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tls = try Self.certificate("first-certificate", in: folder)
        let server = try LiveGameServer { $0.server.tls = tls }
        defer { server.stop() }
        #expect(try Self.handshake(port: server.port, []).output.contains("first-certificate"))
        // A connection open across the reload.
        let python = try PythonTool.interpreter(packageRoot: URL(fileURLWithPath: LiveGameServer.packageRoot))
        let keeper = Process()
        keeper.executableURL = python
        let pipe = Pipe()
        keeper.standardOutput = pipe
        keeper.arguments = ["-c", """
        import json, ssl, sys, time
        from websockets.sync.client import connect
        context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
        with connect(f"wss://127.0.0.1:{sys.argv[1]}/ws", subprotocols=["buzzer.v1"], ssl=context) as ws:
            ws.send(json.dumps({"type": "create", "pack": "pub-classics", "token": "\(LiveGameServer.editToken)"}))
            json.loads(ws.recv(timeout=10))
            print("open", flush=True)
            sys.stdin.readline()
            ws.send(json.dumps({"type": "lock"}))
            while True:
                m = json.loads(ws.recv(timeout=10))
                if m["type"] == "ok": print("still open", flush=True); break
        """, "\(server.port)"]
        let input = Pipe()
        keeper.standardInput = input
        try keeper.run()
        let opened = ChildProcess.read(pipe.fileHandleForReading, timeout: 20) { $0.contains("open") }
        #expect(opened.contains("open"))

        _ = try Self.certificate("second-certificate", in: folder)  // new files in place, as a renewal writes them
        #expect(try server.game.reloadTLS())
        #expect(try Self.handshake(port: server.port, []).output.contains("second-certificate"))
        input.fileHandleForWriting.write(Data("go\n".utf8))
        let after = ChildProcess.read(pipe.fileHandleForReading, timeout: 20) { $0.contains("still open") }
        #expect(after.contains("still open"), "the connection opened before the reload was dropped")
        keeper.waitUntilExit()

        // A broken renewal keeps the certificate that works.
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: tls.certificateFile))
        #expect(throws: TransportError.self) { try server.game.reloadTLS() }
        #expect(try Self.handshake(port: server.port, []).output.contains("second-certificate"))
    }

    /// The signal itself, on a real `buzzer serve`: SIGHUP reloads, the process stays up.
    @Test func sighupReloadsTheCertificateOfARunningServer() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.certificate("before-sighup", in: folder)
        var config = CrashRecoveryTests.config(library: LiveGameServer.packageRoot + "/questions")
        config = config.replacingOccurrences(of: #""server": {"host": "127.0.0.1", "port": 0,"#,
                                             with: #""server": {"host": "127.0.0.1", "port": 0, "tls": {"certificateFile": "cert.pem", "privateKeyFile": "key.pem"},"#)
        #expect(config.contains("\"tls\""), "the test's config template changed")
        try config.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
        let server = try ServerProcess(arguments: ["serve", "--config", folder + "/config.json", "--archive", folder + "/log"])
        defer { server.stop() }
        #expect(try Self.handshake(port: server.port, []).output.contains("before-sighup"))
        _ = try Self.certificate("after-sighup", in: folder)
        server.send(signal: SIGHUP)
        #expect(eventually(timeout: 10) { ((try? Self.handshake(port: server.port, []))?.output ?? "").contains("after-sighup") })
        #expect(server.process.isRunning)
    }
}
