import Testing

@testable import BuzzerWebSocket

/// The request-target forms the server takes (RFC 9112 §3.2): a path starting with `/`, or
/// `http://host/path`, whose host then is the request's. Everything else is refused with 400 before
/// any route sees it: `*/metrics` once reached `/metrics` past a proxy's rule for `/metrics`.
@Suite struct HTTPRequestTargetTests {
    static func parse(_ chunks: [[UInt8]]) -> HTTPRequestParser.Result {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        var last = HTTPRequestParser.Result.needMoreData
        for chunk in chunks {
            last = chunk.withUnsafeBytes { parser.parse($0) }
            if case .needMoreData = last { continue }
            return last
        }
        return last
    }

    /// Every cut of `bytes` gives `expected`.
    static func expectEverySplit(_ bytes: [UInt8], _ expected: HTTPRequestParser.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        for chunks in SplitInput.all(bytes) {
            let result = parse(chunks)
            var comparable = result
            if case .complete(let head, _) = result { comparable = .complete(head, consumed: 0) }
            #expect(comparable == expected, "cut \(chunks.map(\.count))", sourceLocation: sourceLocation)
            if comparable != expected { return }
        }
    }

    @Test(arguments: [
        "GET */metrics HTTP/1.1",  // the path a proxy's `/metrics` rule does not see
        "GET foo/metrics HTTP/1.1",
        "GET x/api/settings HTTP/1.1",
        "GET metrics HTTP/1.1",
        "GET * HTTP/1.1",  // asterisk-form: OPTIONS only, and this server has no OPTIONS
        "OPTIONS * HTTP/1.1",
        "CONNECT example.com:443 HTTP/1.1",  // authority-form
        "GET ftp://example.com/metrics HTTP/1.1",  // not http or https
        "GET http://user@example.com/metrics HTTP/1.1",  // user info
        "GET http:///metrics HTTP/1.1",  // no host
        "GET http://exa mple/ HTTP/1.1",
        "GET ?x=1 HTTP/1.1",
        "GET .%2Fmetrics HTTP/1.1",
    ])
    func aTargetWithoutItsLeadingSlashIsRefused(line: String) {
        let bytes = Array((line + "\r\nHost: a\r\n\r\n").utf8)
        let expected: HTTPParseError = line.contains("exa mple") ? .invalidRequestLine : .invalidTarget
        Self.expectEverySplit(bytes, .failed(expected))
    }

    @Test func theRefusalSaysWhatATargetMustBe() throws {
        let response = try #require(HTTPParseError.invalidTarget.response)
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains("must be a path starting with /"))
    }

    @Test func anAbsoluteFormTargetBecomesItsPathAndItsHostTheHost() {
        // RFC 9112 §3.2.2: the origin server uses the target's host and ignores the Host sent.
        let bytes = Array("GET HTTP://Example.com:8080/ws?room=A HTTP/1.1\r\nHost: other.example\r\n\r\n".utf8)
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "Example.com:8080")
        Self.expectEverySplit(bytes, .complete(HTTPRequestHead(
            method: "GET", target: "/ws?room=A", version: .http1_1, headers: headers, authority: "Example.com:8080"), consumed: 0))
        // No path is `/`; a query straight after the host keeps its `/`.
        let bare = Array("GET https://[::1]:8443?x=1 HTTP/1.0\r\n\r\n".utf8)
        var bareHeaders = HTTPHeaders()
        bareHeaders.add(name: "Host", value: "[::1]:8443")
        Self.expectEverySplit(bare, .complete(HTTPRequestHead(
            method: "GET", target: "/?x=1", version: .http1_0, headers: bareHeaders, authority: "[::1]:8443"), consumed: 0))
    }

    @Test func anAbsoluteFormTargetMustNameThisServer() {
        func head(_ authority: String) -> HTTPRequestHead {
            HTTPRequestHead(method: "GET", target: "/", version: .http1_1, headers: HTTPHeaders(), authority: authority)
        }
        let publicURL = "https://Quiz.Example.org/"
        #expect(head("quiz.example.org").namesOwnHost(publicURL: publicURL, localAddress: "10.0.0.5"))
        #expect(head("QUIZ.example.org:8443").namesOwnHost(publicURL: publicURL, localAddress: "10.0.0.5"), "ports are not compared")
        #expect(head("10.0.0.5:8080").namesOwnHost(publicURL: publicURL, localAddress: "10.0.0.5"), "the address the client reached")
        #expect(head("[::1]:8080").namesOwnHost(publicURL: nil, localAddress: "::1"))
        #expect(head("127.0.0.1").namesOwnHost(publicURL: nil, localAddress: "::ffff:127.0.0.1"))
        // An open-proxy probe, another address of the same machine, a name without a publicURL.
        #expect(!head("www.example.com").namesOwnHost(publicURL: publicURL, localAddress: "10.0.0.5"))
        #expect(!head("10.0.0.6").namesOwnHost(publicURL: publicURL, localAddress: "10.0.0.5"))
        #expect(!head("quiz.example.org").namesOwnHost(publicURL: nil, localAddress: "10.0.0.5"))
        // Origin-form names no host.
        #expect(HTTPRequestHead(method: "GET", target: "/", version: .http1_1, headers: HTTPHeaders()).namesOwnHost(publicURL: nil, localAddress: nil))
    }

    @Test func aProxyHeaderFromAnUntrustedPeerIsNamed() throws {
        // A PROXY v2 header reaches the HTTP parser only from a peer not in server.trustedProxies: it
        // looks like two empty lines, then a NUL. v1 is a `PROXY` line, never read at all.
        let v2 = SplitInput.bytes("0D0A0D0A000D0A515549540A 21 11 000C 0A090909 7F000001 0400 0050") + Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        Self.expectEverySplit(v2, .failed(.proxyHeader))
        Self.expectEverySplit(Array("PROXY TCP4 10.9.9.9 127.0.0.1 1024 80\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), .failed(.proxyHeader))
        let response = try #require(HTTPParseError.proxyHeader.response)
        #expect(String(decoding: response.body, as: UTF8.self).contains("server.trustedProxies"))
        // Near misses are ordinary requests or ordinary errors.
        guard case .complete(let head, _) = Self.parse([Array("PROXYX / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)]) else {
            Issue.record("a method that only starts with PROXY is a method")
            return
        }
        #expect(head.method == "PROXYX")
        #expect(Self.parse([Array("\r\n\0".utf8)]) == .failed(.invalidRequestLine))
    }
}
