import Testing

@testable import BuzzerWebSocket

@Suite struct WebSocketHandshakeTests {
    private let policy = HandshakePolicy(paths: ["/ws"], allowedOrigins: [], subprotocols: ["buzzer.v2", "buzzer.v1"], compression: .gameDefaults)

    /// A valid upgrade request using the RFC 6455 §1.3 sample key.
    private func upgradeRequest(
        method: String = "GET",
        target: String = "/ws",
        version: HTTPRequestHead.Version = .http1_1,
        removing: Set<String> = [],
        extra: [(String, String)] = []
    ) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        let base = [
            ("Host", "server.example.com"),
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ]
        for (name, value) in base where !removing.contains(name) {
            headers.add(name: name, value: value)
        }
        for (name, value) in extra {
            headers.add(name: name, value: value)
        }
        return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
    }

    private func rejection(_ decision: HandshakeDecision) -> HTTPResponse? {
        if case .reject(let response) = decision { return response }
        Issue.record("expected a rejection, got \(decision)")
        return nil
    }

    private func upgrade(_ decision: HandshakeDecision) -> (response: String, subprotocol: String?, deflate: PerMessageDeflateParameters?)? {
        if case .upgrade(let response, let subprotocol, let deflate) = decision {
            return (String(decoding: response, as: UTF8.self), subprotocol, deflate)
        }
        Issue.record("expected an upgrade, got \(decision)")
        return nil
    }

    @Test func acceptKeyMatchesRFC6455Example() {
        // RFC 6455 §1.3.
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func sha1MatchesFIPSVector() {
        // FIPS 180-2 appendix A.1: SHA-1("abc").
        let hex = SHA1Digest.hash(Array("abc".utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test func base64MatchesRFC4648Vectors() {
        // RFC 4648 §10.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        for bad in ["Zg", "Zg=", "Z===", "Zh==", "Zm9v!A==", "Zm 9v", "=Zm9"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }

    @Test func upgradesValidRequest() {
        guard let result = upgrade(WebSocketHandshake.evaluate(upgradeRequest(), policy: policy)) else { return }
        // RFC 6455 §4.2.2 step 5: exactly these headers, no Content-Length.
        #expect(result.response == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
        #expect(result.subprotocol == nil)
        #expect(result.deflate == nil)
    }

    @Test func parsedRFCSampleUpgradesEndToEnd() {
        let bytes = Array("GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n".utf8)
        var parser = HTTPRequestParser(config: .gameDefaults)
        guard case .complete(let head, _) = bytes.withUnsafeBytes({ parser.parse($0) }) else {
            Issue.record("did not parse")
            return
        }
        guard let result = upgrade(WebSocketHandshake.evaluate(head, policy: policy)) else { return }
        #expect(result.response.contains("\r\nSec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; client_max_window_bits=15\r\n"))
        #expect(result.deflate == PerMessageDeflateParameters(serverMaxWindowBits: 15, clientMaxWindowBits: 15, serverNoContextTakeover: true, clientNoContextTakeover: false))
    }

    @Test func plainGetIsNotWebSocket() {
        let head = HTTPRequestHead(method: "GET", target: "/", version: .http1_1, headers: HTTPHeaders([("Host", "a")]))
        #expect(WebSocketHandshake.evaluate(head, policy: policy) == .notWebSocket)
        // Even on the WebSocket path and with other upgrade tokens.
        let h2c = upgradeRequest(removing: ["Upgrade"], extra: [("Upgrade", "h2c")])
        #expect(WebSocketHandshake.evaluate(h2c, policy: policy) == .notWebSocket)
    }

    @Test func upgradeTokenMayShareTheList() {
        let head = upgradeRequest(removing: ["Upgrade"], extra: [("Upgrade", "h2c, WebSocket")])
        #expect(upgrade(WebSocketHandshake.evaluate(head, policy: policy)) != nil)
    }

    @Test func nonGetIs405WithAllow() {
        // RFC 6455 §4.2.1 item 1: the method must be GET.
        guard let response = rejection(WebSocketHandshake.evaluate(upgradeRequest(method: "POST"), policy: policy)) else { return }
        #expect(response.status == 405)
        #expect(response.headers.first(name: "Allow") == "GET")
        #expect(response.closesConnection)
    }

    @Test func unknownPathIs404() {
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(target: "/nope"), policy: policy))?.status == 404)
        // The query does not take part in path matching.
        #expect(upgrade(WebSocketHandshake.evaluate(upgradeRequest(target: "/ws?room=ABCD"), policy: policy)) != nil)
    }

    @Test func anyPathPolicyAcceptsEveryPath() {
        let echo = HandshakePolicy(config: .conformance, paths: nil)
        #expect(upgrade(WebSocketHandshake.evaluate(upgradeRequest(target: "/runCase?case=1&agent=buzzer"), policy: echo)) != nil)
    }

    @Test func http10Is400() {
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(version: .http1_0), policy: policy))?.status == 400)
    }

    @Test func missingConnectionUpgradeIs400() {
        // RFC 6455 §4.2.1 item 4.
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(removing: ["Connection"]), policy: policy))?.status == 400)
        let keepAlive = upgradeRequest(removing: ["Connection"], extra: [("Connection", "keep-alive")])
        #expect(rejection(WebSocketHandshake.evaluate(keepAlive, policy: policy))?.status == 400)
    }

    @Test(arguments: [
        nil,  // missing
        "",
        "dGhlIHNhbXBsZSBub25jZQ",  // unpadded
        "dGhlIHNhbXBsZSBub25j",  // 15 bytes
        "dGhlIHNhbXBsZSBub25jZXM=",  // 17 bytes
        "not base64 at all!!!!!!!",
    ] as [String?])
    func invalidKeyIs400(key: String?) {
        let head = upgradeRequest(removing: ["Sec-WebSocket-Key"], extra: key.map { [("Sec-WebSocket-Key", $0)] } ?? [])
        #expect(rejection(WebSocketHandshake.evaluate(head, policy: policy))?.status == 400)
    }

    @Test func duplicateKeyIs400() {
        let head = upgradeRequest(extra: [("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")])
        #expect(rejection(WebSocketHandshake.evaluate(head, policy: policy))?.status == 400)
    }

    @Test(arguments: [nil, "8", "12", "14", "13, 8"] as [String?])
    func wrongOrMissingVersionIs426WithSupportedVersion(version: String?) {
        // RFC 6455 §4.2.2 step 4: 426 with Sec-WebSocket-Version listing what we speak.
        let head = upgradeRequest(removing: ["Sec-WebSocket-Version"], extra: version.map { [("Sec-WebSocket-Version", $0)] } ?? [])
        guard let response = rejection(WebSocketHandshake.evaluate(head, policy: policy)) else { return }
        #expect(response.status == 426)
        #expect(response.headers["Sec-WebSocket-Version"] == ["13"])
        let text = String(decoding: response.serialized(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Version: 13\r\n"))
    }

    @Test func requestWithBodyIs400() {
        let head = upgradeRequest(extra: [("Content-Length", "5")])
        #expect(rejection(WebSocketHandshake.evaluate(head, policy: policy))?.status == 400)
        let chunked = upgradeRequest(extra: [("Transfer-Encoding", "chunked")])
        #expect(rejection(WebSocketHandshake.evaluate(chunked, policy: policy))?.status == 400)
    }

    @Test func originOutsideAllowlistIs403() {
        var strict = policy
        strict.allowedOrigins = ["https://quiz.example.com", "http://localhost:8080"]
        let evil = upgradeRequest(extra: [("Origin", "https://evil.example.com")])
        #expect(rejection(WebSocketHandshake.evaluate(evil, policy: strict))?.status == 403)
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", "null")]), policy: strict))?.status == 403)
        // Same port matters.
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", "http://localhost:8081")]), policy: strict))?.status == 403)
        // Scheme matters.
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", "http://quiz.example.com")]), policy: strict))?.status == 403)
    }

    @Test func allowedOriginComparesCaseInsensitivelyWithDefaultPorts() {
        var strict = policy
        strict.allowedOrigins = ["https://quiz.example.com", "http://localhost:8080"]
        for origin in ["https://Quiz.Example.COM", "HTTPS://quiz.example.com:443", "http://localhost:8080", "https://quiz.example.com/"] {
            #expect(upgrade(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", origin)]), policy: strict)) != nil, "\(origin)")
        }
        // Non-browser clients send no Origin; the allowlist only guards browsers (RFC 6455 §10.2).
        #expect(upgrade(WebSocketHandshake.evaluate(upgradeRequest(), policy: strict)) != nil)
    }

    @Test func emptyAllowlistAcceptsOnlyTheServersOwnOrigin() {
        // Before, an empty list let any page upgrade; now the page must come from the request's Host.
        #expect(rejection(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", "https://anything.test")]), policy: policy))?.status == 403)
        #expect(upgrade(WebSocketHandshake.evaluate(upgradeRequest(extra: [("Origin", "http://server.example.com")]), policy: policy)) != nil)
    }

    @Test func subprotocolFollowsServerPreference() {
        let head = upgradeRequest(extra: [("Sec-WebSocket-Protocol", "chat, buzzer.v1"), ("Sec-WebSocket-Protocol", "buzzer.v2")])
        guard let result = upgrade(WebSocketHandshake.evaluate(head, policy: policy)) else { return }
        #expect(result.subprotocol == "buzzer.v2")
        #expect(result.response.contains("\r\nSec-WebSocket-Protocol: buzzer.v2\r\n"))
    }

    @Test func unmatchedSubprotocolProceedsWithoutHeader() {
        let head = upgradeRequest(extra: [("Sec-WebSocket-Protocol", "chat, superchat")])
        guard let result = upgrade(WebSocketHandshake.evaluate(head, policy: policy)) else { return }
        #expect(result.subprotocol == nil)
        #expect(!result.response.contains("Sec-WebSocket-Protocol"))
    }

    @Test func compressionIsNegotiatedOrDeclined() {
        let head = upgradeRequest(extra: [("Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits; server_max_window_bits=10")])
        var conformance = HandshakePolicy(config: .conformance, paths: nil)
        guard let result = upgrade(WebSocketHandshake.evaluate(head, policy: conformance)) else { return }
        #expect(result.response.contains("\r\nSec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=10; client_max_window_bits=15\r\n"))
        #expect(result.deflate?.serverMaxWindowBits == 10)

        conformance.compression.enabled = false
        guard let declined = upgrade(WebSocketHandshake.evaluate(head, policy: conformance)) else { return }
        #expect(declined.deflate == nil)
        #expect(!declined.response.contains("Sec-WebSocket-Extensions"))
    }
}
