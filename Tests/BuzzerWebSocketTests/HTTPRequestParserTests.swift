import Testing

@testable import BuzzerWebSocket

@Suite struct HTTPRequestParserTests {
    /// RFC 6455 §1.3 sample client handshake, plus two frame bytes that belong to the WebSocket stream.
    private let sampleHandshake = Array("""
        GET /chat HTTP/1.1\r
        Host: server.example.com\r
        Upgrade: websocket\r
        Connection: Upgrade\r
        Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
        Origin: http://example.com\r
        Sec-WebSocket-Protocol: chat, superchat\r
        Sec-WebSocket-Version: 13\r
        \r

        """.utf8)
    private let trailing: [UInt8] = [0x81, 0x85, 0x37, 0xFA]

    private func parse(_ bytes: [UInt8], maxHeaderBytes: Int = 8192, maxHeaderCount: Int = 64) -> HTTPRequestParser.Result {
        var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes, maxHeaderCount: maxHeaderCount)
        return bytes.withUnsafeBytes { parser.parse($0) }
    }

    private func head(_ bytes: [UInt8]) throws -> HTTPRequestHead {
        guard case .complete(let head, _) = parse(bytes) else {
            Issue.record("expected a complete head, got \(parse(bytes))")
            throw HTTPParseError.invalidRequestLine
        }
        return head
    }

    private func request(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    @Test(arguments: [
        (["GET / HTTP/1.1", "Host: a"], true),
        (["GET / HTTP/1.1", "Host: a", "Connection: keep-alive"], true),
        (["GET / HTTP/1.1", "Host: a", "Content-Length: 0"], true),
        (["GET / HTTP/1.1", "Host: a", "Connection: Keep-Alive, Close"], false),
        (["GET / HTTP/1.0"], false),
        (["POST / HTTP/1.1", "Host: a", "Content-Length: 12"], false),
        (["POST / HTTP/1.1", "Host: a", "Transfer-Encoding: chunked"], false),
    ])
    func keepAliveOnlyForHTTP11WithoutCloseOrABody(lines: [String], keepsAlive: Bool) throws {
        #expect(try head(request(lines)).allowsKeepAlive == keepsAlive)
    }

    @Test func parsesRFC6455SampleHandshake() throws {
        let result = parse(sampleHandshake + trailing)
        guard case .complete(let head, let consumed) = result else {
            Issue.record("got \(result)")
            return
        }
        #expect(consumed == sampleHandshake.count)
        #expect(head.method == "GET")
        #expect(head.target == "/chat")
        #expect(head.version == .http1_1)
        #expect(head.headers.count == 7)
        #expect(head.headers.first(name: "sec-websocket-key") == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(head.headers.listElements(name: "Sec-WebSocket-Protocol") == ["chat", "superchat"])
    }

    @Test func everySplitGivesTheSameHeadAndLeavesTrailingBytes() {
        let input = sampleHandshake + trailing
        guard case .complete(let expected, _) = parse(input) else {
            Issue.record("whole input did not parse")
            return
        }
        for split in 0...input.count {
            var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
            let chunks = [Array(input[..<split]), Array(input[split...])]
            var leftover: [UInt8] = []
            var parsed: HTTPRequestHead?
            for chunk in chunks {
                if parsed != nil {
                    leftover += chunk
                    continue
                }
                switch chunk.withUnsafeBytes({ parser.parse($0) }) {
                case .needMoreData:
                    break
                case .complete(let head, let consumed):
                    parsed = head
                    leftover += chunk[consumed...]
                case .failed(let error):
                    Issue.record("split \(split): \(error)")
                }
            }
            #expect(parsed == expected, "split at \(split)")
            #expect(leftover == trailing, "split at \(split)")
        }
    }

    @Test func byteAtATimeParses() {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        var completions = 0
        for (index, byte) in sampleHandshake.enumerated() {
            let result = [byte].withUnsafeBytes { parser.parse($0) }
            switch result {
            case .needMoreData:
                #expect(index < sampleHandshake.count - 1)
            case .complete(_, let consumed):
                #expect(index == sampleHandshake.count - 1)
                #expect(consumed == 1)
                completions += 1
            case .failed(let error):
                Issue.record("byte \(index): \(error)")
            }
        }
        #expect(completions == 1)
    }

    @Test func headerNamesAreCaseInsensitive() throws {
        let parsed = try head(request(["GET / HTTP/1.1", "hOsT: a", "UPGRADE: WebSocket", "connection: keep-alive, Upgrade"]))
        #expect(parsed.headers.first(name: "Host") == "a")
        #expect(parsed.headers.containsToken("websocket", inHeader: "upgrade"))
        #expect(parsed.headers.containsToken("upgrade", inHeader: "Connection"))
        #expect(parsed.headers.containsToken("keep-alive", inHeader: "CONNECTION"))
        #expect(!parsed.headers.containsToken("close", inHeader: "Connection"))
    }

    /// Names and tokens fold ASCII letters only: a non-ASCII look-alike that Unicode lowercasing
    /// would map to a letter (the Kelvin sign, U+212A, lowercases to "k") is not the token.
    @Test func tokensAndNamesFoldOnlyASCIILetters() {
        let headers = HTTPHeaders([("Upgrade", "websoc\u{212A}et"), ("Connection", "UPGRADE"), ("X-\u{212A}ey", "1")])
        #expect(!headers.containsToken("websocket", inHeader: "upgrade"))
        #expect(headers.containsToken("upgrade", inHeader: "connection"))
        #expect(headers.first(name: "x-key") == nil)
        #expect(headers.first(name: "X-\u{212A}EY") == "1", "the same non-ASCII bytes still match, ASCII letters folded")
        #expect(!HTTPHeaders.equalIgnoringASCIICase("@", "`"), "only letters fold: 0x40 and 0x60 differ by the case bit")
    }

    @Test func tokenListsSpanRepeatedHeaders() throws {
        let parsed = try head(request(["GET / HTTP/1.1", "Host: a", "Connection: keep-alive", "Connection: ,Upgrade ,"]))
        #expect(parsed.headers.listElements(name: "connection") == ["keep-alive", "Upgrade"])
    }

    @Test func valuesAreTrimmedOfOptionalWhitespace() throws {
        let parsed = try head(request(["GET / HTTP/1.1", "Host:\t a b \t"]))
        #expect(parsed.headers.first(name: "host") == "a b")
    }

    @Test func bareLineFeedsAreAccepted() throws {
        // RFC 9112 §2.2: a recipient MAY recognise a lone LF as a line terminator.
        let parsed = try head(Array("GET /x HTTP/1.1\nHost: a\n\n".utf8))
        #expect(parsed.target == "/x")
    }

    @Test func leadingEmptyLinesAreSkipped() throws {
        // RFC 9112 §2.2: ignore at least one empty line before the request line.
        let parsed = try head(Array("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(parsed.method == "GET")
    }

    @Test func pathAndQuery() throws {
        let parsed = try head(request(["GET /ws?room=ABCD&x=1 HTTP/1.1", "Host: a"]))
        #expect(parsed.path == "/ws")
        #expect(parsed.query == "room=ABCD&x=1")
        let absolute = try head(request(["GET http://example.com:8080/ws?x HTTP/1.1", "Host: example.com"]))
        #expect(absolute.path == "/ws")
    }

    @Test func headerSectionOverLimitIs431() {
        let big = request(["GET / HTTP/1.1", "Host: a", "X-Filler: " + String(repeating: "x", count: 200)])
        #expect(parse(big, maxHeaderBytes: 100) == .failed(.headerTooLarge(limit: 100)))
        #expect(HTTPParseError.headerTooLarge(limit: 100).status == 431)
        // Exactly at the limit is fine.
        guard case .complete = parse(big, maxHeaderBytes: big.count) else {
            Issue.record("head of exactly maxHeaderBytes must parse")
            return
        }
        #expect(parse(big, maxHeaderBytes: big.count - 1) == .failed(.headerTooLarge(limit: big.count - 1)))
    }

    @Test func endlessLineWithoutNewlineIsCutOff() {
        // A client that never sends LF must not make us buffer forever.
        let endless = Array("GET /".utf8) + [UInt8](repeating: 0x61, count: 10_000)
        #expect(parse(endless, maxHeaderBytes: 1024) == .failed(.headerTooLarge(limit: 1024)))
    }

    @Test func tooManyHeadersIs431() {
        let lines = ["GET / HTTP/1.1", "Host: a"] + (1...4).map { "X-\($0): v" }
        #expect(parse(request(lines), maxHeaderCount: 4) == .failed(.tooManyHeaders(limit: 4)))
        #expect(HTTPParseError.tooManyHeaders(limit: 4).status == 431)
        guard case .complete = parse(request(lines), maxHeaderCount: 5) else {
            Issue.record("five headers must fit a limit of five")
            return
        }
    }

    @Test func obsoleteLineFoldingIsRejected() {
        // RFC 9112 §5.2: a server must reject obs-fold with 400 (or unfold; we reject).
        let folded = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n two\r\n\r\n".utf8)
        #expect(parse(folded) == .failed(.obsoleteLineFolding))
        #expect(HTTPParseError.obsoleteLineFolding.status == 400)
    }

    @Test(arguments: [
        "GET  / HTTP/1.1",  // double space
        "GET /",  // no version
        "GET / HTTP/1.1 extra",
        "GET / HTTP/11",
        "GET / http/1.1",
        "G(T / HTTP/1.1",  // method must be a token
        "GET /\u{7F} HTTP/1.1",
        " GET / HTTP/1.1",
    ])
    func malformedRequestLineIs400(line: String) {
        #expect(parse(Array((line + "\r\nHost: a\r\n\r\n").utf8)) == .failed(.invalidRequestLine))
    }

    @Test(arguments: [
        "Host : a",  // RFC 9112 §5.1: no whitespace before the colon
        "NoColon",
        ": empty-name",
        "X-Bad\u{1}: a",
        "X-Ctl: a\u{0}b",
    ])
    func malformedHeaderIs400(line: String) {
        #expect(parse(Array(("GET / HTTP/1.1\r\nHost: a\r\n" + line + "\r\n\r\n").utf8)) == .failed(.invalidHeader))
    }

    @Test func bareCarriageReturnIsRejected() {
        #expect(parse(Array("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n".utf8)) == .failed(.bareCarriageReturn))
    }

    @Test func http11NeedsExactlyOneHost() {
        // RFC 9112 §3.2.
        #expect(parse(request(["GET / HTTP/1.1", "X: a"])) == .failed(.invalidHost))
        #expect(parse(request(["GET / HTTP/1.1", "Host: a", "Host: b"])) == .failed(.invalidHost))
        guard case .complete(let head, _) = parse(request(["GET / HTTP/1.0", "X: a"])) else {
            Issue.record("HTTP/1.0 may omit Host")
            return
        }
        #expect(head.version == .http1_0)
    }

    @Test func otherMajorVersionIs505() {
        #expect(parse(request(["GET / HTTP/2.0", "Host: a"])) == .failed(.unsupportedVersion))
        #expect(HTTPParseError.unsupportedVersion.status == 505)
    }

    // MARK: - Bytes that can never start a request fail at once (no waiting for a line end)

    /// The first 48 bytes of a TLS 1.3 ClientHello as a browser sends it (RFC 8446 §5.1 record header
    /// 16 03 01, length; §4.1.2 handshake type 01, legacy_version 03 03, then the random).
    private let clientHello = SplitInput.bytes("""
        16 03 01 02 00 01 00 01 fc 03 03 5c 7a 0b 1d 93 44 2e 8f 10 7c 3a 4e 66 21 90 ab
        cd 0e 12 55 6a 7b 8c 9d ae bf c0 d1 e2 f3 04 15 26 37 48 59
        """)

    @Test func aTLSClientHelloFailsAtItsFirstByteWithoutAResponse() {
        #expect(parse(clientHello) == .failed(.tlsHandshake))
        // Its first byte alone is enough: 0x16 cannot start a method (RFC 9110 §9: a method is a token).
        #expect(parse(Array(clientHello.prefix(1))) == .failed(.tlsHandshake))
        // A TLS client could not read an HTTP answer: the server just closes.
        #expect(HTTPParseError.tlsHandshake.response == nil)
    }

    @Test func binaryNoiseFailsWithinItsFirstBytes() {
        // 1,000 seeded blocks of 64 random bytes, with no LF (so nothing ever ends a line): each must
        // fail by itself, where before it waited for a line end until the handshake timeout.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for block in 0..<1000 {
            let noise: [UInt8] = (0..<64).map { _ in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let byte = UInt8(truncatingIfNeeded: state)
                return byte == 0x0A ? 0x00 : byte
            }
            let result = parse(noise)
            guard case .failed(let error) = result else {
                Issue.record("block \(block) was held: \(result)")
                continue
            }
            #expect([.invalidRequestLine, .invalidTarget, .bareCarriageReturn, .tlsHandshake].contains(error), "block \(block)")
        }
    }

    @Test(arguments: [
        ("\u{0}\u{1}\u{2}", HTTPParseError.invalidRequestLine),  // a control byte where a method starts
        ("GET\t/", .invalidRequestLine),  // the separator is one SP (RFC 9112 §3)
        ("GET / HTTP/1.1 ", .invalidRequestLine),  // nothing may follow the version
        ("GET / HTTPS/1.1", .invalidRequestLine),
        ("GET / HTTP/1.1\rX", .bareCarriageReturn),
        ("GÉT / HTTP/1.1", .invalidRequestLine),  // a method is ASCII
    ])
    func aRequestLineFailsAtItsFirstImpossibleByte(prefix: String, error: HTTPParseError) {
        // No line end in the input: the verdict cannot have waited for one.
        #expect(parse(Array(prefix.utf8)) == .failed(error))
    }

    @Test func aValidRequestSplitIntoManyReadsIsStillAccepted() throws {
        // Leading empty lines (RFC 9112 §2.2), a bare LF, a token method with punctuation and an
        // absolute-form target: every prefix of these is a possible request, so no split may fail.
        let input = Array("\r\n\nM-SEARCH http://a/x HTTP/1.1\nHost: a\r\n\r\n".utf8) + trailing
        let expected = try head(input)
        #expect(expected.method == "M-SEARCH")
        for chunks in SplitInput.all(input) {
            var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
            var parsed: HTTPRequestHead?
            for chunk in chunks where parsed == nil {
                switch chunk.withUnsafeBytes({ parser.parse($0) }) {
                case .needMoreData: break
                case .complete(let head, _): parsed = head
                case .failed(let error): Issue.record("\(chunks.map(\.count)): \(error)")
                }
            }
            #expect(parsed == expected, "\(chunks.map(\.count))")
        }
    }

    @Test func aPartialRequestLineWaitsAndFailsOnlyWhenABadByteArrives() {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        #expect(Array("GET /ws HT".utf8).withUnsafeBytes { parser.parse($0) } == .needMoreData)
        #expect(Array("XP".utf8).withUnsafeBytes { parser.parse($0) } == .failed(.invalidRequestLine))
    }

    @Test func failedParserStaysFailed() {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        let bad = Array("BAD\r\n".utf8)
        #expect(bad.withUnsafeBytes { parser.parse($0) } == .failed(.invalidRequestLine))
        #expect(sampleHandshake.withUnsafeBytes { parser.parse($0) } == .failed(.invalidRequestLine))
    }

    @Test func parsesAnotherRequestAfterCompletion() {
        var parser = HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        let two = request(["GET /a HTTP/1.1", "Host: a"]) + request(["GET /b HTTP/1.1", "Host: b"])
        let first = two.withUnsafeBytes { parser.parse($0) }
        guard case .complete(let a, let consumed) = first else {
            Issue.record("got \(first)")
            return
        }
        #expect(a.target == "/a")
        let second = two[consumed...].withUnsafeBytes { parser.parse($0) }
        guard case .complete(let b, _) = second else {
            Issue.record("got \(second)")
            return
        }
        #expect(b.target == "/b")
        #expect(b.headers.count == 1)
    }

    @Test func errorResponseClosesTheConnection() throws {
        let response = try #require(HTTPParseError.headerTooLarge(limit: 10).response)
        let bytes = String(decoding: response.serialized(), as: UTF8.self)
        #expect(bytes.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(bytes.contains("\r\nConnection: close\r\n"))
        #expect(bytes.contains("\r\nContent-Length: "))
    }
}

@Suite struct HTTPResponseTests {
    @Test func headResponseKeepsTheBodyLengthButNotTheBody() {
        let response = HTTPResponse(status: 200, body: Array("hello".utf8)).withoutBody
        let wire = String(decoding: response.serialized(), as: UTF8.self)
        #expect(wire.contains("\r\nContent-Length: 5\r\n"))
        #expect(wire.hasSuffix("\r\n\r\n"))
        #expect(HTTPResponse(status: 204).withoutBody.headers.contains(name: "Content-Length") == false)
    }

    @Test func serializesStatusHeadersLengthAndBody() {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        let response = HTTPResponse(status: 200, headers: headers, body: Array("hi".utf8))
        #expect(String(decoding: response.serialized(), as: UTF8.self) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi")
    }

    @Test func switchingProtocolsHasNoContentLength() {
        let response = HTTPResponse(status: 101, headers: HTTPHeaders([("Upgrade", "websocket")]))
        #expect(String(decoding: response.serialized(), as: UTF8.self) == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n")
    }

    @Test func headerValuesCannotInjectLines() {
        let response = HTTPResponse(status: 200, headers: HTTPHeaders([("X", "a\r\nSet-Cookie: evil")]))
        let text = String(decoding: response.serialized(), as: UTF8.self)
        #expect(!text.contains("\r\nSet-Cookie"))
        #expect(text.contains("X: a  Set-Cookie: evil\r\n") || text.contains("X: a Set-Cookie: evil\r\n"))
    }
}
