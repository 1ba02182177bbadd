import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Testing

/// The opening handshake (RFC 6455 §4.2) answered by a live server over a real socket.
@Suite struct WebSocketHandshakeLiveTests {
    /// The RFC 6455 §1.3 example: key "dGhlIHNhbXBsZSBub25jZQ==" -> accept "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".
    static let exampleKey = "dGhlIHNhbXBsZSBub25jZQ=="
    static let exampleAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    /// A server with the restrictions every reject path needs: one path, one origin, two subprotocols.
    static func restrictedServer(_ service: RecordingService = RecordingService()) throws -> LiveServer {
        try LiveServer.recording(service, paths: ["/ws"], subprotocols: ["buzzer.v1", "chat"]) {
            $0.websocket.allowedOrigins = ["https://quiz.example"]
        }
    }

    static func request(
        method: String = "GET", path: String = "/ws", key: String = exampleKey, version: String = "13",
        extra: [String] = []
    ) -> [UInt8] {
        var lines = [
            "\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: \(version)",
        ]
        lines += extra
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Sends `request` on a fresh connection and returns the whole response (the server closes after a reject).
    static func exchange(_ request: [UInt8], port: Int) throws -> (head: String, body: String, closed: Bool) {
        let client = try TestWebSocketClient(port: port)
        try client.sendRaw(request)
        let (bytes, eof) = RawSocket.readToEOF(client.fd)
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        return (parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"), eof)
    }

    static func header(_ name: String, in head: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    @Test func upgradeAnswers101WithAcceptKeyAndChosenSubprotocol() throws {
        let service = RecordingService()
        try LiveServer.with(Self.restrictedServer(service)) { server in
            let client = try TestWebSocketClient(port: server.port)
            let status = try client.handshake(
                path: "/ws", headers: ["Sec-WebSocket-Protocol": "chat, buzzer.v1", "Origin": "https://quiz.example"])
            #expect(status == 101)
            let head = client.handshakeResponse
            #expect(Self.header("Sec-WebSocket-Accept", in: head) == Self.exampleAccept)
            #expect(Self.header("Upgrade", in: head)?.lowercased() == "websocket")
            // Server preference order wins (§4.2.2 step 5.4).
            #expect(Self.header("Sec-WebSocket-Protocol", in: head) == "buzzer.v1")
            #expect(eventually { service.openedCount == 1 })
            #expect(service.subprotocols == ["buzzer.v1"])
            // The upgraded connection really speaks WebSocket.
            try client.send(text: "after upgrade")
            #expect(try client.receiveText() == "after upgrade")
        }
    }

    @Test func upgradeWithoutOfferedSubprotocolSendsNoProtocolHeader() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            let client = try TestWebSocketClient(port: server.port)
            #expect(try client.handshake(path: "/ws") == 101)
            #expect(Self.header("Sec-WebSocket-Protocol", in: client.handshakeResponse) == nil)
        }
    }

    @Test func badKeyIsRejectedWith400AndClosed() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            // "abc" is not base64 of 16 bytes (§4.2.1 item 5).
            let response = try Self.exchange(Self.request(key: "abc"), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 400 "))
            #expect(response.closed)
        }
    }

    @Test func unsupportedVersionIsRejectedWith426NamingVersion13() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            let response = try Self.exchange(Self.request(version: "8"), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 426 "))
            // §4.2.2 step 4: the 426 names the version we speak.
            #expect(Self.header("Sec-WebSocket-Version", in: response.head) == "13")
            #expect(response.closed)
        }
    }

    @Test func disallowedOriginIsRejectedWith403() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            let response = try Self.exchange(Self.request(extra: ["Origin: https://evil.example"]), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 403 "))
            #expect(response.closed)
        }
    }

    @Test func unknownPathIsRejectedWith404() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            let response = try Self.exchange(Self.request(path: "/elsewhere"), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 404 "))
            #expect(response.closed)
        }
    }

    @Test func postUpgradeIsRejectedWith405() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            let response = try Self.exchange(Self.request(method: "POST"), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 405 "))
            #expect(Self.header("Allow", in: response.head) == "GET")
            #expect(response.closed)
        }
    }

    @Test func rejectedHandshakesLeaveNoConnectionsBehind() throws {
        try LiveServer.with(Self.restrictedServer()) { server in
            for request in [Self.request(key: "abc"), Self.request(version: "8"), Self.request(method: "POST")] {
                _ = try Self.exchange(request, port: server.port)
            }
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    /// A browser that tried `https://` on the plain port: its ClientHello (RFC 8446 §5.1 record header
    /// 16 03 01 + length, handshake type 01) must be refused at once, not held for `handshakeSeconds`.
    @Test func aTLSClientHelloIsClosedAtOnceWithoutWaitingForTheHandshakeTimeout() throws {
        try LiveServer.with(LiveServer.echo { $0.timeouts.handshakeSeconds = 60 }) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + [UInt8](repeating: 0x5A, count: 32))
            // 2 s, against a 60 s handshake timeout: only an early refusal passes.
            let (bytes, closed) = RawSocket.readToEOF(client.fd, timeout: 2)
            #expect(closed)
            #expect(bytes.isEmpty, "a TLS client cannot read an HTTP answer; it gets a plain close")
            #expect(eventually(timeout: 5) { server.connectionCount == 0 })
        }
    }

    @Test func binaryNoiseGetsA400AtOnce() throws {
        try LiveServer.with(LiveServer.echo { $0.timeouts.handshakeSeconds = 60 }) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw([0x00, 0xFF, 0x13, 0x37, 0x80, 0x7F])
            let (bytes, closed) = RawSocket.readToEOF(client.fd, timeout: 2)
            #expect(closed)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
        }
    }

    @Test func plainGETReachesTheDelegateHealthz() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            let response = try Self.exchange(Array(request.utf8), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 200 "))
            #expect(Self.header("Content-Type", in: response.head) == "application/json")
            #expect(response.body.contains("\"status\":\"ok\""))
            // The client asked to close: the server says so and does.
            #expect(Self.header("Connection", in: response.head)?.lowercased() == "close")
            #expect(response.closed)
        }
    }

    @Test func plainGETsShareOneKeepAliveConnectionIncludingPipelinedOnes() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            try client.sendRaw(Array(request.utf8))
            #expect(try client.readHTTPResponse() == 200)
            #expect(Self.header("Connection", in: client.handshakeResponse)?.lowercased() == "keep-alive")
            let length = try #require(Self.header("Content-Length", in: client.handshakeResponse).flatMap { Int($0) })
            #expect(client.readBody(count: length).contains("\"status\":\"ok\""))
            // Two more in one write; both answered in order on the same connection.
            try client.sendRaw(Array((request + request).utf8))
            for _ in 0..<2 {
                #expect(try client.readHTTPResponse() == 200)
                #expect(client.readBody(count: length).contains("\"status\":\"ok\""))
            }
            #expect(server.connectionCount == 1)
            // And the same connection can still upgrade.
            #expect(try client.handshake() == 101)
            try client.send(text: "after three GETs")
            #expect(try client.receiveText() == "after three GETs")
        }
    }

    @Test func headGetsNoBodySoTheNextResponseOnTheConnectionStaysInStep() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(try client.readHTTPResponse() == 200)
            let length = try #require(Self.header("Content-Length", in: client.handshakeResponse).flatMap { Int($0) })
            #expect(length > 0, "HEAD names the length the body would have")
            // No body follows the HEAD answer: the next bytes are the GET's status line.
            #expect(try client.readHTTPResponse() == 200)
            #expect(client.readBody(count: length).contains("\"status\":\"ok\""))
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterHandshakeSeconds() throws {
        let server = try LiveServer.echo { $0.timeouts.handshakeSeconds = 1 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(try client.readHTTPResponse() == 200)
            #expect(Self.header("Keep-Alive", in: client.handshakeResponse) == "timeout=1")
            // No next request: the connection must not stay open for good.
            #expect(client.waitForEOF())
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    @Test func aKeepAliveConnectionIsClosedAfterItsLastAllowedRequest() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            try client.sendRaw(Array(String(repeating: request, count: WebSocketServer.maxRequestsPerConnection + 5).utf8))
            var answered = 0
            while (try? client.readHTTPResponse()) == 200 {
                answered += 1
                let length = Int(Self.header("Content-Length", in: client.handshakeResponse) ?? "") ?? 0
                _ = client.readBody(count: length)
                if Self.header("Connection", in: client.handshakeResponse)?.lowercased() == "close" { break }
            }
            #expect(answered == WebSocketServer.maxRequestsPerConnection)
            #expect(client.waitForEOF())
        }
    }

    @Test func malformedRequestLineIsAnswered400() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let response = try Self.exchange(Array("NONSENSE\r\n\r\n".utf8), port: server.port)
            #expect(response.head.hasPrefix("HTTP/1.1 400 "))
            #expect(response.closed)
        }
    }
}
