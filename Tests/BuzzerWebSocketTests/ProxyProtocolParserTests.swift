import Testing

@testable import BuzzerWebSocket

/// PROXY protocol v2 headers (haproxy.org proxy-protocol.txt §2.2), each fed whole, cut at every
/// offset and byte by byte: the verdict and the bytes left for the connection never depend on the cut.
@Suite struct ProxyProtocolParserTests {
    /// What a connection sees: the header and the bytes after it, no header and all its bytes, or a failure.
    enum Outcome: Equatable {
        case header(ProxyProtocolHeader, rest: [UInt8])
        case absent(rest: [UInt8])
        case failed(ProxyProtocolError)
        case incomplete
    }

    static func feed(_ chunks: [[UInt8]], maxBytes: Int = 8192) -> Outcome {
        var parser = ProxyProtocolParser(maxBytes: maxBytes)
        for (index, chunk) in chunks.enumerated() {
            let after = Array(chunks[(index + 1)...].joined())
            switch chunk.withUnsafeBytes({ parser.parse($0) }) {
            case .needMoreData: continue
            case .absent(let held): return .absent(rest: held + chunk + after)
            case .complete(let header, let consumed): return .header(header, rest: Array(chunk[consumed...]) + after)
            case .failed(let error): return .failed(error)
            }
        }
        return .incomplete
    }

    /// Every way of cutting `bytes` gives `expected`.
    static func expectEverySplit(_ bytes: [UInt8], maxBytes: Int = 8192, _ expected: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        for chunks in SplitInput.all(bytes) {
            let outcome = feed(chunks, maxBytes: maxBytes)
            #expect(outcome == expected, "cut \(chunks.map(\.count))", sourceLocation: sourceLocation)
            if outcome != expected { return }
        }
    }

    static let signature = "0D0A0D0A000D0A515549540A"
    static let request = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)

    static func v4(_ text: String) -> IPAddress { IPAddress(text)! }

    @Test func aTCPOverIPv4HeaderNamesTheClient() {
        // PROXY, TCP over IPv4, 12 bytes: 192.0.2.1:54321 → 198.51.100.7:8080; then a request.
        let header = SplitInput.bytes(Self.signature + "21 11 000C C0000201 C6336407 D431 1F90")
        Self.expectEverySplit(header + Self.request, .header(ProxyProtocolHeader(
            command: .proxy, source: .init(address: Self.v4("192.0.2.1"), port: 54321),
            destination: .init(address: Self.v4("198.51.100.7"), port: 8080), length: 28), rest: Self.request))
    }

    @Test func aTCPOverIPv6HeaderNamesTheClient() {
        // PROXY, TCP over IPv6, 36 bytes: [2001:db8::1]:443 → [2001:db8::2]:80.
        let header = SplitInput.bytes(Self.signature + "21 21 0024"
            + "20010DB8000000000000000000000001" + "20010DB8000000000000000000000002" + "01BB 0050")
        Self.expectEverySplit(header + Self.request, .header(ProxyProtocolHeader(
            command: .proxy, source: .init(address: IPAddress("2001:db8::1")!, port: 443),
            destination: .init(address: IPAddress("2001:db8::2")!, port: 80), length: 52), rest: Self.request))
    }

    @Test func anIPv4MappedSourceIsIPv4() {
        // A proxy listening on an IPv6 socket: ::ffff:203.0.113.9 is the IPv4 client 203.0.113.9.
        let header = SplitInput.bytes(Self.signature + "21 21 0024"
            + "00000000000000000000FFFFCB007109" + "00000000000000000000000000000001" + "1234 0050")
        guard case .header(let parsed, _) = Self.feed([header]) else {
            Issue.record("no header")
            return
        }
        #expect(parsed.source?.address.description == "203.0.113.9")
    }

    @Test func tlvsAfterTheAddressesAreSkipped() {
        // 12 bytes of IPv4 addresses, then a NOOP TLV (type 04, length 0004, four bytes): 19 in all.
        let header = SplitInput.bytes(Self.signature + "21 11 0013 0A000001 0A000002 0400 0050 04 0004 DEADBEEF")
        let hello: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00]  // a TLS ClientHello comes after the header
        Self.expectEverySplit(header + hello, .header(ProxyProtocolHeader(
            command: .proxy, source: .init(address: Self.v4("10.0.0.1"), port: 1024),
            destination: .init(address: Self.v4("10.0.0.2"), port: 80), length: 35), rest: hello))
    }

    @Test func localAndAddresslessFamiliesLeaveThePeerAsTheClient() {
        // LOCAL (HAProxy's health check), no addresses.
        Self.expectEverySplit(SplitInput.bytes(Self.signature + "20 00 0000") + Self.request,
                              .header(ProxyProtocolHeader(command: .local, source: nil, destination: nil, length: 16), rest: Self.request))
        // LOCAL with a family and addresses: the spec says to ignore them.
        Self.expectEverySplit(SplitInput.bytes(Self.signature + "20 11 000C 01020304 05060708 0001 0002") + Self.request,
                              .header(ProxyProtocolHeader(command: .local, source: nil, destination: nil, length: 28), rest: Self.request))
        // PROXY over UNSPEC.
        Self.expectEverySplit(SplitInput.bytes(Self.signature + "21 00 0000") + Self.request,
                              .header(ProxyProtocolHeader(command: .proxy, source: nil, destination: nil, length: 16), rest: Self.request))
        // PROXY over UNIX stream sockets: 216 bytes of paths.
        let unix = SplitInput.bytes(Self.signature + "21 31 00D8") + [UInt8](repeating: 0x2F, count: 216)
        Self.expectEverySplit(unix + Self.request,
                              .header(ProxyProtocolHeader(command: .proxy, source: nil, destination: nil, length: 232), rest: Self.request))
    }

    @Test func aConnectionWithoutAHeaderKeepsEveryByte() {
        // A request (nginx sends no header), a TLS ClientHello, and starts that share the signature's
        // first bytes: empty lines before a request, and a near miss.
        Self.expectEverySplit(Self.request, .absent(rest: Self.request))
        Self.expectEverySplit([0x16, 0x03, 0x01, 0x02, 0x00], .absent(rest: [0x16, 0x03, 0x01, 0x02, 0x00]))
        let emptyLines = Array("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        Self.expectEverySplit(emptyLines, .absent(rest: emptyLines))
        let nearMiss = SplitInput.bytes("0D0A0D0A000D0A51554958") + Self.request  // QUIX
        Self.expectEverySplit(nearMiss, .absent(rest: nearMiss))
        // Held bytes come back in order, before the read that showed there is no header.
        var parser = ProxyProtocolParser(maxBytes: 8192)
        #expect([UInt8]([0x0D, 0x0A]).withUnsafeBytes { parser.parse($0) } == .needMoreData)
        #expect(Array("GET".utf8).withUnsafeBytes { parser.parse($0) } == .absent(held: [0x0D, 0x0A]))
    }

    @Test(arguments: [
        // Version 1 in the version nibble (v1 is text; a binary 1 is nobody's).
        ("11 11 000C", ProxyProtocolError.unsupportedVersion(0x11)),
        // Command 2: "receivers must drop connections presenting unexpected values here".
        ("22 11 000C", .unknownCommand(2)),
        // Family 4 does not exist; transport 3 neither.
        ("21 41 000C", .unknownAddressFamily(0x41)),
        ("21 13 000C", .unknownAddressFamily(0x13)),
        // TCP over IPv4 needs 12 bytes of addresses, IPv6 36.
        ("21 11 0008 01020304 05060708", .addressesTooShort(family: 0x11, length: 8)),
        ("21 21 000C 01020304 05060708 0001 0002", .addressesTooShort(family: 0x21, length: 12)),
    ])
    func aBrokenHeaderFailsAtItsFirstBadByte(fixed: String, error: ProxyProtocolError) {
        let bytes = SplitInput.bytes(Self.signature + fixed)
        Self.expectEverySplit(bytes + Self.request, .failed(error))
        // The verdict comes as soon as the fixed part shows it, with nothing after it.
        #expect(Self.feed([Array(bytes.prefix(16))]) == .failed(error))
    }

    @Test func aHeaderLongerThanTheLimitFailsBeforeItIsRead() {
        // 16 + 65535 bytes announced, 512 allowed: refused at the length field, nothing buffered.
        let announced = SplitInput.bytes(Self.signature + "21 11 FFFF 01020304 05060708 0001 0002")
        Self.expectEverySplit(announced, maxBytes: 512, .failed(.tooLarge(length: 16 + 65535, limit: 512)))
        // Exactly at the limit is fine.
        let header = SplitInput.bytes(Self.signature + "21 11 000C 01020304 05060708 0001 0002")
        guard case .header = Self.feed([header], maxBytes: 28) else {
            Issue.record("a 28-byte header must fit a 28-byte limit")
            return
        }
        #expect(Self.feed([header], maxBytes: 27) == .failed(.tooLarge(length: 28, limit: 27)))
    }

    @Test func aFailedParserStaysFailedAndAFinishedOneTakesNothing() {
        var failed = ProxyProtocolParser(maxBytes: 8192)
        let bad = SplitInput.bytes(Self.signature + "31")
        #expect(bad.withUnsafeBytes { failed.parse($0) } == .failed(.unsupportedVersion(0x31)))
        #expect(Self.request.withUnsafeBytes { failed.parse($0) } == .failed(.unsupportedVersion(0x31)))
        var done = ProxyProtocolParser(maxBytes: 8192)
        #expect(Self.request.withUnsafeBytes { done.parse($0) } == .absent(held: []))
        #expect(Self.request.withUnsafeBytes { done.parse($0) } == .absent(held: []))
    }
}
