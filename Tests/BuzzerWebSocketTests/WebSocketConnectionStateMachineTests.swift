import Testing
@testable import BuzzerWebSocket

@Suite struct WebSocketConnectionStateMachineTests {
    let hello: [UInt8] = Array("Hello".utf8)
    let deflate = PerMessageDeflateParameters(
        serverMaxWindowBits: 15, clientMaxWindowBits: 15, serverNoContextTakeover: true,
        clientNoContextTakeover: false)

    /// Runs `bytes` split every way through a fresh machine; every split must give `expected`.
    func expectActions(
        _ bytes: [UInt8], _ expected: [WebSocketAction], config: WebSocketConfig = testConfig(),
        deflate: PerMessageDeflateParameters? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for chunks in SplitInput.all(bytes) {
            let actions = run(chunks, config: config, deflate: deflate)
            #expect(actions == expected, "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
        }
    }

    /// Every split must fail the connection with exactly: Close(code), then closeTransport.
    func expectFailure(
        _ bytes: [UInt8], code: UInt16, config: WebSocketConfig = testConfig(),
        deflate: PerMessageDeflateParameters? = nil, delivered: [WebSocketMessage] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for chunks in SplitInput.all(bytes) {
            let actions = run(chunks, config: config, deflate: deflate)
            let messages = actions.compactMap { if case .deliver(let m) = $0 { m } else { nil } }
            #expect(messages == delivered, sourceLocation: sourceLocation)
            #expect(closeCode(in: actions) == code, "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
            #expect(actions.last == .closeTransport, sourceLocation: sourceLocation)
        }
    }

    func text(_ string: String) -> WebSocketAction { .deliver(WebSocketMessage(opcode: .text, payload: Array(string.utf8))) }

    // MARK: Messages

    @Test func deliversMaskedTextMessage() {
        // RFC 6455 §5.7: masked "Hello".
        expectActions(SplitInput.bytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"), [text("Hello")])
    }

    @Test func deliversFragmentedMessageWithInterleavedPing() {
        // RFC 6455 §5.4: control frames may be injected between fragments; §5.5.2: pong right away.
        let bytes = clientFrame(.text, Array("Hel".utf8), fin: false) + clientFrame(.ping, Array("p".utf8))
            + clientFrame(.continuation, Array("l".utf8), fin: false) + clientFrame(.continuation, Array("o".utf8))
        expectActions(bytes, [.send(SplitInput.bytes("8a 01 70")), text("Hello")])
    }

    @Test func answersPingWithSamePayload() {
        // RFC 6455 §5.7: masked ping "Hello" -> unmasked pong "Hello" (8a 05 48 65 6c 6c 6f).
        expectActions(clientFrame(.ping, hello), [.send(SplitInput.bytes("8a 05 48 65 6c 6c 6f"))])
    }

    @Test func surfacesUnsolicitedPong() {
        // RFC 6455 §5.5.3: an unsolicited pong needs no response; we report it for RTT.
        expectActions(SplitInput.bytes("8a 85 37 fa 21 3d 7f 9f 4d 51 58"), [.pong(payload: hello)])
    }

    @Test func deliversBinaryAndEmptyMessages() {
        // RFC 6455 §5.6: binary is not UTF-8 checked; empty messages are messages.
        let bytes = clientFrame(.binary, [0xFF, 0x00, 0xC0]) + clientFrame(.text, []) + clientFrame(.binary, [])
        expectActions(bytes, [
            .deliver(WebSocketMessage(opcode: .binary, payload: [0xFF, 0x00, 0xC0])),
            text(""), .deliver(WebSocketMessage(opcode: .binary, payload: [])),
        ])
    }

    @Test func acceptsSequenceSpanningFragments() {
        // RFC 6455 §8.1 / Autobahn 6.2.3: "€" (e2 82 ac) cut across two fragments is valid.
        let bytes = clientFrame(.text, [0x41, 0xE2, 0x82], fin: false) + clientFrame(.continuation, [0xAC])
        expectActions(bytes, [text("A€")])
    }

    // MARK: Close handshake

    @Test func echoesValidCloseAndClosesTransport() {
        // RFC 6455 §5.5.1: echo the status code; §7.1.1: the server closes the TCP connection first.
        expectActions(clientClose(code: 1000, reason: Array("bye".utf8)),
            [.send(SplitInput.bytes("88 02 03 e8")), .closeTransport])
    }

    @Test func echoesEmptyClose() {
        // RFC 6455 §5.5.1: a Close body is optional; Autobahn 7.3.1 accepts an empty reply.
        expectActions(clientFrame(.close, []), [.send(SplitInput.bytes("88 00")), .closeTransport])
    }

    @Test(arguments: [UInt16(1000), 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999])
    func acceptsValidCloseCode(code: UInt16) {
        // RFC 6455 §7.4.1-2 (Autobahn 7.7.x) plus IANA-registered 1012-1014.
        expectActions(clientClose(code: code),
            [.send(WebSocketFrameEncoder.encodeClose(code: code)), .closeTransport])
    }

    @Test(arguments: [UInt16(0), 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535])
    func rejectsInvalidCloseCode(code: UInt16) {
        // RFC 6455 §7.4 (Autobahn 7.9.x): reserved, never-sent and unassigned codes -> 1002.
        expectFailure(clientClose(code: code), code: 1002)
    }

    @Test func rejectsOneByteClosePayload() {
        // RFC 6455 §5.5.1: a body starts with a 2-byte code; Autobahn 7.3.2.
        expectFailure(clientFrame(.close, [0x03]), code: 1002)
    }

    @Test func rejectsCloseReasonThatIsNotUTF8() {
        // RFC 6455 §5.5.1 / Autobahn 7.5.1: reason with a surrogate (ed a0 80) -> 1007.
        expectFailure(clientClose(code: 1000, reason: SplitInput.bytes("ce ba e1 bd b9 cf 83 ce bc ce b5 ed a0 80 65 64")),
            code: 1007)
    }

    @Test func ignoresEverythingAfterClose() {
        // RFC 6455 §5.5.1: after the Close exchange no more data is processed.
        let bytes = clientClose(code: 1000) + clientFrame(.text, hello) + clientFrame(.ping, [])
        expectActions(bytes, [.send(SplitInput.bytes("88 02 03 e8")), .closeTransport])
    }

    @Test func serverInitiatedCloseWaitsForPeerClose() {
        // RFC 6455 §7.1.2: after sending Close, ignore data and wait for the peer's Close, then close TCP.
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        var actions: [WebSocketAction] = []
        machine.close(code: 1001, reason: "server shutting down", into: &actions)
        #expect(actions == [.send(WebSocketFrameEncoder.encodeClose(code: 1001, reason: "server shutting down"))])
        #expect(!machine.isOpen)
        #expect(machine.ping(payload: []) == nil)
        #expect(machine.frameBytes(for: .text("late")) == nil)
        actions = []
        let input = clientFrame(.text, hello) + clientFrame(.ping, []) + clientClose(code: 1001)
        input.withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(actions == [.closeTransport])
        #expect(machine.isClosed)
        machine.close(code: 1000, reason: "", into: &actions)
        #expect(actions == [.closeTransport])
    }

    /// The handshake's code (what `/metrics` counts closes by): ours when we close first or fail the
    /// connection, else the peer's, 1005 for a Close without one; nil while no Close went either way.
    @Test func closeCodeIsOursWhenWeCloseFirstElseThePeers() {
        func received(_ bytes: [UInt8], after ours: UInt16? = nil) -> UInt16? {
            var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
            var actions: [WebSocketAction] = []
            if let ours { machine.close(code: ours, reason: "", into: &actions) }
            bytes.withUnsafeBytes { machine.receive($0, into: &actions) }
            return machine.closeCode
        }
        #expect(received(clientFrame(.text, hello)) == nil)
        #expect(received(clientClose(code: 4000)) == 4000)
        #expect(received(clientFrame(.close, [])) == 1005)
        #expect(received(clientClose(code: 1000), after: 4003) == 4003)
        #expect(received(clientFrame(.text, [0xff])) == 1007)
    }

    /// `peerClosed` tells the transport the peer sends nothing more (no linger needed): set by the peer's
    /// Close, first or as the reply to ours; not by our Close alone, nor by a protocol error.
    @Test func peerClosedOnlyOnceThePeersCloseArrived() {
        func peerClosed(_ bytes: [UInt8], after ours: UInt16? = nil) -> Bool {
            var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
            var actions: [WebSocketAction] = []
            if let ours { machine.close(code: ours, reason: "", into: &actions) }
            bytes.withUnsafeBytes { machine.receive($0, into: &actions) }
            return machine.peerClosed
        }
        #expect(peerClosed(clientClose(code: 1000)))
        #expect(peerClosed(clientFrame(.close, [])))
        #expect(peerClosed(clientClose(code: 1001), after: 1001))
        #expect(!peerClosed(clientFrame(.text, hello), after: 1001), "our Close alone")
        #expect(!peerClosed(clientFrame(.text, hello)))
        #expect(!peerClosed(SplitInput.bytes("81 05 48 65 6c 6c 6f")), "a protocol error (unmasked frame)")
        #expect(!peerClosed(clientFrame(.close, [0x03])), "a Close with a one-byte payload is a protocol error")
    }

    @Test func closeReasonIsTruncatedOnCharacterBoundary() {
        // RFC 6455 §5.5: control payload <= 125 bytes: 2-byte code + at most 123 bytes of UTF-8.
        let frame = WebSocketFrameEncoder.encodeClose(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(frame.count == 2 + 2 + 122)
        #expect(frame.dropFirst(4).withUnsafeBytes { UTF8Validator.isValid($0) })
    }

    // MARK: Protocol errors

    @Test func rejectsContinuationWithoutMessage() {
        // RFC 6455 §5.4 (Autobahn 5.x): a continuation frame needs a started message -> 1002.
        expectFailure(clientFrame(.continuation, hello), code: 1002)
    }

    @Test func rejectsNewMessageInsideFragmentedMessage() {
        // RFC 6455 §5.4: fragments of one message are not interleaved with another -> 1002.
        expectFailure(clientFrame(.text, hello, fin: false) + clientFrame(.text, hello), code: 1002)
        expectFailure(clientFrame(.binary, hello, fin: false) + clientFrame(.binary, hello, fin: true), code: 1002)
    }

    @Test func rejectsUnmaskedFrame() {
        // RFC 6455 §5.1: unmasked client frame -> 1002.
        expectFailure(SplitInput.bytes("81 05 48 65 6c 6c 6f"), code: 1002)
    }

    @Test func rejectsReservedOpcodeAndBits() {
        // RFC 6455 §5.2 (Autobahn 3.x, 4.x): -> 1002, even after a valid message was delivered.
        expectFailure(clientFrame(.text, hello) + SplitInput.bytes("83 80 00 00 00 00"), code: 1002,
            delivered: [WebSocketMessage(opcode: .text, payload: hello)])
        expectFailure(SplitInput.bytes("c1 80 00 00 00 00"), code: 1002)
    }

    @Test func rejectsBadControlFrames() {
        // RFC 6455 §5.5 (Autobahn 2.5, 5.1): oversized or fragmented control frames -> 1002.
        expectFailure(clientFrame(.ping, Array(repeating: 0x2A, count: 126)), code: 1002)
        expectFailure(clientFrame(.ping, hello, fin: false), code: 1002)
    }

    @Test func rejectsOversizedFrame() {
        // RFC 6455 §10.4: frame above maxFrameSize -> 1009 before the payload arrives (header only).
        let header = Array(clientFrame(.binary, Array(repeating: 1, count: 300)).prefix(8))
        expectFailure(header, code: 1009, config: testConfig(maxFrameSize: 200))
    }

    @Test func rejectsOversizedMessage() {
        // RFC 6455 §10.4: message above maxMessageSize -> 1009 when the second fragment's header arrives.
        let bytes = clientFrame(.binary, Array(repeating: 1, count: 60), fin: false)
            + Array(clientFrame(.continuation, Array(repeating: 1, count: 60)).prefix(6))
        expectFailure(bytes, code: 1009, config: testConfig(maxMessageSize: 100))
    }

    @Test func rejectsTooManyFragments() {
        // maxFragments: a message of 4 fragments with a limit of 3 -> 1009.
        var bytes = clientFrame(.text, [0x61], fin: false)
        for _ in 0..<3 { bytes += clientFrame(.continuation, [0x61], fin: false) }
        expectFailure(bytes, code: 1009, config: testConfig(maxFragments: 3))
    }

    @Test func rejectsInvalidUTF8() {
        // RFC 6455 §8.1 (Autobahn 6.x): invalid UTF-8 in a text message -> 1007.
        for hex in ["c0 af", "e0 80 af", "ed a0 80", "f4 90 80 80", "80", "fe"] {
            expectFailure(clientFrame(.text, SplitInput.bytes(hex)), code: 1007)
        }
    }

    @Test func rejectsTruncatedSequenceAtMessageEnd() {
        // RFC 6455 §8.1: a sequence cut at a fragment boundary is fine until the message ends incomplete.
        expectFailure(clientFrame(.text, [0x41, 0xE2, 0x82], fin: false) + clientFrame(.continuation, []), code: 1007)
        expectFailure(clientFrame(.text, [0x41, 0xE2, 0x82]), code: 1007)
    }

    @Test func failsFastOnFirstInvalidByteOfPartialFrame() {
        // Autobahn 6.4.4: one frame whose payload arrives in pieces; fail as soon as f4 90 is seen,
        // before the rest of the frame arrives.
        let payload = SplitInput.bytes("ce ba e1 bd b9 cf 83 ce bc ce b5 f4 90 80 80 65 64 69 74 65 64")
        let frame = clientFrame(.text, payload)
        let headerLength = frame.count - payload.count
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        var actions: [WebSocketAction] = []
        Array(frame.prefix(headerLength + 12)).withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(actions.isEmpty)
        Array(frame[(headerLength + 12)..<(headerLength + 13)]).withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(closeCode(in: actions) == 1007)
        #expect(actions.last == .closeTransport)
        #expect(machine.failure == .invalidUTF8)
    }

    @Test func failsFastOnInvalidFragment() {
        // Autobahn 6.4.1: the fragment carrying the invalid byte fails the connection before the final one.
        let bytes = clientFrame(.text, SplitInput.bytes("ce ba e1 bd b9 cf 83 ce bc ce b5"), fin: false)
            + clientFrame(.continuation, SplitInput.bytes("f4 90 80 80"), fin: false)
        expectFailure(bytes, code: 1007)
    }

    // MARK: permessage-deflate (RFC 7692)

    @Test func deliversCompressedMessage() {
        // RFC 7692 §7.2.3.1: "Hello" compressed, c1 07 f2 48 cd c9 c9 07 00, masked as a client sends it.
        let compressed = SplitInput.bytes("f2 48 cd c9 c9 07 00")
        expectActions(clientFrame(.text, compressed, rsv1: true), [text("Hello")], deflate: deflate)
    }

    @Test func deliversFragmentedCompressedMessage() {
        // RFC 7692 §7.2.3.1: the same compressed bytes in two fragments, RSV1 on the first only.
        let bytes = clientFrame(.text, SplitInput.bytes("f2 48 cd"), fin: false, rsv1: true)
            + clientFrame(.continuation, SplitInput.bytes("c9 c9 07 00"))
        expectActions(bytes, [text("Hello")], deflate: deflate)
    }

    @Test func deliversCompressedMessagesWithContextTakeover() {
        // RFC 7692 §7.2.3.2: the second "Hello" refers back to the first (f2 00 11 00 00).
        let bytes = clientFrame(.text, SplitInput.bytes("f2 48 cd c9 c9 07 00"), rsv1: true)
            + clientFrame(.text, SplitInput.bytes("f2 00 11 00 00"), rsv1: true)
        expectActions(bytes, [text("Hello"), text("Hello")], deflate: deflate)
    }

    @Test func deliversUncompressedMessageOnDeflateConnection() {
        // RFC 7692 §6: RSV1 clear means this message is not compressed.
        expectActions(clientFrame(.text, hello), [text("Hello")], deflate: deflate)
    }

    @Test func rejectsCompressedMessageWithoutNegotiation() {
        // RFC 6455 §5.2: RSV1 without the extension -> 1002.
        expectFailure(clientFrame(.text, SplitInput.bytes("f2 48 cd c9 c9 07 00"), rsv1: true), code: 1002)
    }

    @Test func rejectsCorruptCompressedData() {
        // RFC 7692 §7.2.2: data that does not inflate fails the connection; we send 1007 (payload
        // inconsistent with the message, as for bad UTF-8). 0xff starts an invalid block type.
        expectFailure(clientFrame(.binary, [0xFF, 0xFF, 0xFF, 0xFF], rsv1: true), code: 1007, deflate: deflate)
    }

    @Test func rejectsDecompressionBomb() {
        // maxDecompressedSize: 100 KB of zeros compresses to ~100 bytes; inflating past the limit -> 1009.
        let bomb = MessageDeflater(windowBits: 15, noContextTakeover: true, level: 9)
            .deflate(Array(repeating: 0, count: 100_000))
        expectFailure(clientFrame(.binary, bomb, rsv1: true), code: 1009,
            config: testConfig(maxDecompressedSize: 10_000), deflate: deflate)
    }

    @Test func rejectsInvalidUTF8InInflatedText() {
        // RFC 6455 §8.1 applies to the inflated text: compressed c0 af -> 1007.
        let compressed = MessageDeflater(windowBits: 15, noContextTakeover: true, level: 6)
            .deflate(Array("abc".utf8) + [0xC0, 0xAF])
        expectFailure(clientFrame(.text, compressed, rsv1: true), code: 1007, deflate: deflate)
    }

    @Test func invalidUTF8BeforeCorruptDeflateDataGives1007AtEverySplit() {
        // Found by Fuzz/ConnectionFuzzer: which error is met first depends on the read sizes. Whole, zlib
        // fails on the block before the text is checked; split, the inflated 0xff fails UTF-8 first.
        // Either way the close code must be 1007. Stored block "ff" (RFC 1951 §3.2.4), then a block
        // with the reserved type 11.
        let payload = SplitInput.bytes("00 01 00 fe ff ff 07")
        expectFailure(clientFrame(.text, payload, rsv1: true), code: 1007, deflate: deflate)
    }
}

@Suite struct WebSocketConnectionRepliesTests {
    @Test func replyToMessageInSameReadAsCloseGoesBeforeCloseEcho() throws {
        // Autobahn 7.1.1: a message then Close in one read: the echo must be framed before the Close reply.
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        var actions: [WebSocketAction] = []
        let input = clientFrame(.text, Array("Hello".utf8)) + clientClose(code: 1000)
        input.withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(actions == [
            .deliver(WebSocketMessage(opcode: .text, payload: Array("Hello".utf8))),
            .send(SplitInput.bytes("88 02 03 e8")), .closeTransport,
        ])
        #expect(!machine.isOpen)
        #expect(machine.frameBytes(for: .text("Hello")) == SplitInput.bytes("81 05 48 65 6c 6c 6f"))
        #expect(machine.ping(payload: []) == nil)
    }

    @Test func replyToMessageInSameReadAsProtocolErrorIsAllowed() {
        // Autobahn 3.2: a valid message, then a frame with RSV2 in the same read: echo, then fail with 1002.
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        var actions: [WebSocketAction] = []
        let input = clientFrame(.text, Array("Hello".utf8)) + SplitInput.bytes("a1 80 00 00 00 00")
        input.withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(closeCode(in: actions) == 1002)
        #expect(machine.frameBytes(for: .text("Hello")) != nil)
    }

    @Test func noRepliesAfterCloseWithoutDelivery() {
        // RFC 6455 §5.5.1: no data frames after the Close frame.
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        var actions: [WebSocketAction] = []
        clientClose(code: 1000).withUnsafeBytes { machine.receive($0, into: &actions) }
        #expect(machine.frameBytes(for: .text("Hello")) == nil)
        var failed = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        SplitInput.bytes("81 05 48 65 6c 6c 6f").withUnsafeBytes { failed.receive($0, into: &actions) }
        #expect(failed.frameBytes(for: .text("Hello")) == nil)
        #expect(failed.failure == .unmaskedClientFrame)
    }
}
