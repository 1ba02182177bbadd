import Testing

@testable import BuzzerWebSocket

/// The Origin rule of the opening handshake (RFC 6455 §4.2.1 item 7, §10.2), from request bytes: a
/// browser's page must be the server's own (its `Host`), `server.publicURL` or listed; a request
/// without `Origin` is not from a browser and is accepted.
@Suite struct OriginPolicyTests {
    private let game = HandshakePolicy(paths: ["/ws"], subprotocols: ["buzzer.v1"], compression: .gameDefaults)

    /// An upgrade request as it arrives on the wire, RFC 6455 §1.3's key, with these headers added.
    private func request(_ headers: [String]) -> [UInt8] {
        let lines = ["GET /ws HTTP/1.1"] + headers + [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The status the handshake answers `bytes` with (101 for an upgrade), each byte vector parsed whole.
    private func status(_ bytes: [UInt8], policy: HandshakePolicy? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        let head: HTTPRequestHead
        switch bytes.withUnsafeBytes({ parser.parse($0) }) {
        case .complete(let parsed, _): head = parsed
        case .failed: return 400  // what the transport answers a request the parser refuses
        case .needMoreData:
            Issue.record("the request is incomplete", sourceLocation: sourceLocation)
            return nil
        }
        switch WebSocketHandshake.evaluate(head, policy: policy ?? game) {
        case .upgrade: return 101
        case .reject(let response): return response.status
        case .notWebSocket: return nil
        }
    }

    @Test func aPageServedByThisServerUpgrades() {
        // The bar's laptop on the LAN, as a phone's browser reaches it.
        #expect(status(request(["Host: 192.168.1.20:8080", "Origin: http://192.168.1.20:8080"])) == 101)
        // Names and schemes compare ignoring case.
        #expect(status(request(["Host: Quiz.Example.ORG:8080", "Origin: HTTP://quiz.example.org:8080"])) == 101)
        // A trailing slash is tolerated.
        #expect(status(request(["Host: 192.168.1.20:8080", "Origin: http://192.168.1.20:8080/"])) == 101)
        // IPv6 literals (RFC 9110 §7.2: in brackets).
        #expect(status(request(["Host: [fe80::1]:8080", "Origin: http://[FE80::1]:8080"])) == 101)
        #expect(status(request(["Host: localhost:8080", "Origin: http://localhost:8080"])) == 101)
    }

    @Test func aHostWithoutAPortMatchesTheOriginsDefaultPortWhateverTheScheme() {
        // Behind a TLS proxy that keeps the Host, the server sees http for an https page of its own.
        #expect(status(request(["Host: quiz.example.org", "Origin: https://quiz.example.org"])) == 101)
        #expect(status(request(["Host: quiz.example.org", "Origin: http://quiz.example.org"])) == 101)
        #expect(status(request(["Host: quiz.example.org:443", "Origin: https://quiz.example.org"])) == 101)
        #expect(status(request(["Host: quiz.example.org:80", "Origin: http://quiz.example.org:80"])) == 101)
        // A port is a port: 443 is not http's default, and an explicit other port is not the default.
        #expect(status(request(["Host: quiz.example.org:443", "Origin: http://quiz.example.org"])) == 403)
        #expect(status(request(["Host: quiz.example.org", "Origin: https://quiz.example.org:8443"])) == 403)
        #expect(status(request(["Host: quiz.example.org:8080", "Origin: http://quiz.example.org"])) == 403)
    }

    @Test func aPageFromAnotherSiteIs403() {
        let host = "Host: 192.168.1.20:8080"
        for origin in [
            "http://evil.example",                          // another site
            "http://192.168.1.20:8081",                     // same host, another port: another origin
            "http://192.168.1.20",                          // port 80, not 8080
            "http://192.168.1.20:8080.evil.example",        // the Host as a prefix of a longer name
            "http://evil.example@192.168.1.20:8080",        // user info is never in an origin
            "http://192.168.1.200:8080",                    // a longer address
            "http://192.168.1.20:8080/page",                // a path is never in an origin
            "null",                                         // sandboxed frames, file:// pages (RFC 6454 §7.3)
            "file://",
            "chrome-extension://abcdefghijklmnop",          // a scheme without a default port is never same-origin
            "http://[fe80::1]:8080",
            "192.168.1.20:8080",                            // no scheme
            "",
        ] {
            #expect(status(request([host, "Origin: \(origin)"])) == 403, "\(origin)")
        }
    }

    @Test func theRequestsHostMustBeOneWellFormedHost() {
        let origin = "Origin: http://192.168.1.20:8080"
        // No Host, or two: the parser refuses them (RFC 9112 §3.2), and the rule would too.
        #expect(status(request([origin])) == 400)
        #expect(status(request(["Host: 192.168.1.20:8080", "Host: evil.example", origin])) == 400)
        #expect(!WebSocketHandshake.isSameOrigin("http://192.168.1.20:8080", host: nil))
        #expect(status(request(["Host: evil@192.168.1.20:8080", origin])) == 403, "user info")
        #expect(status(request(["Host: 192.168.1.20:99999", "Origin: http://192.168.1.20:99999"])) == 403, "no such port")
        #expect(status(request(["Host: fe80::1", "Origin: http://[fe80::1]"])) == 403, "a bare IPv6 address")
        #expect(status(request(["Host: 192.168.1.20:8080", origin, "Origin: http://192.168.1.20:8080"])) == 403, "two Origins")
    }

    @Test func aRequestWithoutOriginIsNotFromABrowserAndUpgrades() {
        // Python websockets, kosoku, the test clients: nothing a page could abuse.
        #expect(status(request(["Host: 192.168.1.20:8080"])) == 101)
        #expect(status(request(["Host: anything.example"])) == 101)
    }

    @Test func publicURLAndAllowedOriginsWidenTheSet() {
        // Behind a proxy that rewrites Host to the backend's address, players use server.publicURL.
        var config = WebSocketConfig.gameDefaults
        config.allowedOrigins = ["https://screens.example"]
        let proxied = HandshakePolicy(config: config, publicURL: "https://quiz.example.org/night", paths: ["/ws"])
        let backend = "Host: 127.0.0.1:8080"
        #expect(status(request([backend, "Origin: https://quiz.example.org"]), policy: proxied) == 101)
        #expect(status(request([backend, "Origin: https://QUIZ.example.org:443"]), policy: proxied) == 101)
        #expect(status(request([backend, "Origin: https://screens.example"]), policy: proxied) == 101)
        #expect(status(request([backend, "Origin: http://quiz.example.org"]), policy: proxied) == 403, "listed origins keep their scheme")
        #expect(status(request([backend, "Origin: https://evil.example"]), policy: proxied) == 403)
        #expect(status(request([backend, "Origin: http://127.0.0.1:8080"]), policy: proxied) == 101, "and its own origin still")
    }

    @Test func theEchoServerAcceptsAnyOrigin() {
        let echo = HandshakePolicy(config: .conformance, acceptsAnyOrigin: true, paths: nil)
        #expect(status(request(["Host: 127.0.0.1:9001", "Origin: http://evil.example"]), policy: echo) == 101)
        #expect(status(request(["Host: 127.0.0.1:9001", "Origin: null"]), policy: echo) == 101)
    }

    @Test func theDecisionDoesNotDependOnHowTheBytesArrive() {
        // A refused cross-site request, cut at every offset and fed to the parser in pieces.
        let bytes = request(["Host: 192.168.1.20:8080", "Origin: http://evil.example"])
        for chunks in SplitInput.all(bytes) {
            var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
            var decided: Int?
            for chunk in chunks where decided == nil {
                if case .complete(let head, _) = chunk.withUnsafeBytes({ parser.parse($0) }),
                   case .reject(let response) = WebSocketHandshake.evaluate(head, policy: game) {
                    decided = response.status
                }
            }
            #expect(decided == 403)
        }
    }
}
