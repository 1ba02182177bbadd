import Testing
@testable import BuzzerWebSocket

@Suite struct WebSocketFrameDecoderTests {
    let hello: [UInt8] = Array("Hello".utf8)

    /// Decodes `bytes` split every way and checks every split gives `expected`.
    func expectFrames(
        _ bytes: [UInt8], _ expected: [DecodedFrame], peer: WebSocketFrameDecoder.Peer,
        compressionNegotiated: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for chunks in SplitInput.all(bytes) {
            let frames = try decodeFrames(chunks, peer: peer, compressionNegotiated: compressionNegotiated)
            #expect(frames == expected, "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
        }
    }

    /// Decodes `bytes` split every way and checks every split fails with `expected`.
    func expectError(
        _ bytes: [UInt8], _ expected: WebSocketProtocolError, peer: WebSocketFrameDecoder.Peer = .client,
        maxFrameSize: Int = 1 << 20, compressionNegotiated: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for chunks in SplitInput.all(bytes) {
            #expect(throws: expected, "split \(chunks.map(\.count))", sourceLocation: sourceLocation) {
                _ = try decodeFrames(
                    chunks, peer: peer, maxFrameSize: maxFrameSize, compressionNegotiated: compressionNegotiated)
            }
        }
    }

    // MARK: RFC 6455 §5.7 examples

    @Test func decodesUnmaskedTextFrame() throws {
        // RFC 6455 §5.7: a single-frame unmasked text message "Hello".
        try expectFrames(
            SplitInput.bytes("81 05 48 65 6c 6c 6f"),
            [DecodedFrame(header: .init(opcode: .text, payloadLength: 5), payload: hello)], peer: .server)
    }

    @Test func decodesMaskedTextFrame() throws {
        // RFC 6455 §5.7: a single-frame masked text message "Hello", key 37 fa 21 3d.
        try expectFrames(
            SplitInput.bytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"),
            [DecodedFrame(header: .init(opcode: .text, maskingKey: rfcKey, payloadLength: 5), payload: hello)],
            peer: .client)
    }

    @Test func decodesFragmentedUnmaskedText() throws {
        // RFC 6455 §5.7: a fragmented unmasked text message, "Hel" then "lo".
        try expectFrames(
            SplitInput.bytes("01 03 48 65 6c  80 02 6c 6f"),
            [
                DecodedFrame(header: .init(fin: false, opcode: .text, payloadLength: 3), payload: Array("Hel".utf8)),
                DecodedFrame(header: .init(opcode: .continuation, payloadLength: 2), payload: Array("lo".utf8)),
            ], peer: .server)
    }

    @Test func decodesUnmaskedPingAndMaskedPong() throws {
        // RFC 6455 §5.7: unmasked Ping "Hello", and a masked Pong "Hello" (the reply a client sends).
        try expectFrames(
            SplitInput.bytes("89 05 48 65 6c 6c 6f"),
            [DecodedFrame(header: .init(opcode: .ping, payloadLength: 5), payload: hello)], peer: .server)
        try expectFrames(
            SplitInput.bytes("8a 85 37 fa 21 3d 7f 9f 4d 51 58"),
            [DecodedFrame(header: .init(opcode: .pong, maskingKey: rfcKey, payloadLength: 5), payload: hello)],
            peer: .client)
    }

    @Test func decodes16BitLength() throws {
        // RFC 6455 §5.7: 256 bytes of binary data in a single unmasked frame (7e 01 00).
        let payload = (0..<256).map { UInt8($0 & 0xFF) }
        try expectFrames(
            SplitInput.bytes("82 7e 01 00") + payload,
            [DecodedFrame(header: .init(opcode: .binary, payloadLength: 256), payload: payload)], peer: .server)
    }

    @Test func decodes64BitLength() throws {
        // RFC 6455 §5.7: 64 KiB of binary data in a single unmasked frame (7f 00 00 00 00 00 01 00 00).
        let payload = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try expectFrames(
            SplitInput.bytes("82 7f 00 00 00 00 00 01 00 00") + payload,
            [DecodedFrame(header: .init(opcode: .binary, payloadLength: 65536), payload: payload)], peer: .server)
    }

    @Test func decodesMasked64BitLength() throws {
        // RFC 6455 §5.2/§5.3: a long masked client frame; the mask must line up across every split.
        let payload = (0..<70000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let key = WebSocketMaskingKey(1, 2, 3, 4)
        try expectFrames(
            clientFrame(.binary, payload, key: key),
            [DecodedFrame(header: .init(opcode: .binary, maskingKey: key, payloadLength: 70000), payload: payload)],
            peer: .client)
    }

    @Test func acceptsNonMinimalLengthEncodings() throws {
        // RFC 6455 §5.2 only says "the minimal number of bytes MUST be used" for the sender; a receiver
        // that accepts 5 encoded in 16 or 64 bits loses nothing (and Autobahn does not test it).
        try expectFrames(
            SplitInput.bytes("81 7e 00 05 48 65 6c 6c 6f"),
            [DecodedFrame(header: .init(opcode: .text, payloadLength: 5), payload: hello)], peer: .server)
        try expectFrames(
            SplitInput.bytes("81 7f 00 00 00 00 00 00 00 05 48 65 6c 6c 6f"),
            [DecodedFrame(header: .init(opcode: .text, payloadLength: 5), payload: hello)], peer: .server)
    }

    @Test func decodesEmptyFramesBackToBack() throws {
        // RFC 6455 §5.2: zero-length payloads (empty text, empty ping, empty close), masked.
        let bytes = clientFrame(.text, []) + clientFrame(.ping, []) + clientFrame(.close, [])
        try expectFrames(
            bytes,
            [
                DecodedFrame(header: .init(opcode: .text, maskingKey: rfcKey, payloadLength: 0), payload: []),
                DecodedFrame(header: .init(opcode: .ping, maskingKey: rfcKey, payloadLength: 0), payload: []),
                DecodedFrame(header: .init(opcode: .close, maskingKey: rfcKey, payloadLength: 0), payload: []),
            ], peer: .client)
    }

    @Test func acceptsRSV1OnFirstDataFrameWhenDeflateNegotiated() throws {
        // RFC 7692 §7.2.3.1: "Hello" compressed in one frame, c1 07 f2 48 cd c9 c9 07 00.
        let compressed = SplitInput.bytes("f2 48 cd c9 c9 07 00")
        try expectFrames(
            SplitInput.bytes("c1 07") + compressed,
            [DecodedFrame(header: .init(rsv1: true, opcode: .text, payloadLength: 7), payload: compressed)],
            peer: .server, compressionNegotiated: true)
    }

    // MARK: Errors

    @Test func rejectsUnmaskedClientFrame() {
        // RFC 6455 §5.1: a server MUST close the connection on an unmasked client frame (1002).
        expectError(SplitInput.bytes("81 05 48 65 6c 6c 6f"), .unmaskedClientFrame)
        #expect(WebSocketProtocolError.unmaskedClientFrame.closeCode == 1002)
    }

    @Test func rejectsMaskedServerFrame() {
        // RFC 6455 §5.1: a client MUST close the connection on a masked server frame.
        expectError(SplitInput.bytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"), .maskedServerFrame, peer: .server)
    }

    @Test func rejectsReservedBits() {
        // RFC 6455 §5.2: RSV1-3 MUST be 0 unless an extension defines them (1002).
        expectError(SplitInput.bytes("a1 80 00 00 00 00"), .reservedBitsSet)  // RSV2
        expectError(SplitInput.bytes("91 80 00 00 00 00"), .reservedBitsSet)  // RSV3
        expectError(SplitInput.bytes("c1 80 00 00 00 00"), .reservedBitsSet)  // RSV1 without permessage-deflate
        expectError(SplitInput.bytes("e1 80 00 00 00 00"), .reservedBitsSet, compressionNegotiated: true)
        #expect(WebSocketProtocolError.reservedBitsSet.closeCode == 1002)
    }

    @Test func rejectsRSV1OnContinuationAndControlFrames() {
        // RFC 7692 §6.1: RSV1 is set on the first frame of a message only; never on control frames.
        expectError(SplitInput.bytes("c0 80 00 00 00 00"), .compressionBitOnWrongFrame(.continuation),
            compressionNegotiated: true)
        expectError(SplitInput.bytes("c9 80 00 00 00 00"), .compressionBitOnWrongFrame(.ping),
            compressionNegotiated: true)
        expectError(SplitInput.bytes("c8 80 00 00 00 00"), .compressionBitOnWrongFrame(.close),
            compressionNegotiated: true)
    }

    @Test(arguments: [UInt8(3), 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF])
    func rejectsReservedOpcode(opcode: UInt8) {
        // RFC 6455 §5.2: opcodes 3-7 and B-F are reserved (1002).
        expectError([0x80 | opcode, 0x80, 0, 0, 0, 0], .reservedOpcode(opcode))
        #expect(WebSocketProtocolError.reservedOpcode(opcode).closeCode == 1002)
    }

    @Test func rejectsFragmentedControlFrame() {
        // RFC 6455 §5.5: control frames MUST NOT be fragmented (ping without FIN).
        expectError(SplitInput.bytes("09 80 00 00 00 00"), .fragmentedControlFrame)
    }

    @Test func rejectsControlFrameLongerThan125() {
        // RFC 6455 §5.5: control frame payload <= 125; 126 announces a 16-bit length.
        expectError(SplitInput.bytes("89 fe 00 7e 00 00 00 00") + Array(repeating: 0, count: 126),
            .controlFrameTooLong(126))
        expectError(SplitInput.bytes("88 ff 00 00 00 00 00 00 00 7e"), .controlFrameTooLong(127))
    }

    @Test func rejects64BitLengthWithMostSignificantBitSet() {
        // RFC 6455 §5.2: "the most significant bit MUST be 0" in the 64-bit length.
        expectError(SplitInput.bytes("82 ff 80 00 00 00 00 00 00 01 00 00 00 00"), .invalidPayloadLength)
    }

    @Test func rejectsOversizedFrameBeforeItsPayload() {
        // RFC 6455 §10.4: limit frame size. Only the header is sent: the decoder must fail without the payload.
        expectError(SplitInput.bytes("82 e5 00 00 00 00"), .frameTooLarge(length: 101, limit: 100), maxFrameSize: 100)
        expectError(SplitInput.bytes("82 fe 10 00"), .frameTooLarge(length: 4096, limit: 100), maxFrameSize: 100)
        expectError(
            SplitInput.bytes("82 ff 00 00 00 01 00 00 00 00"), .frameTooLarge(length: 1 << 32, limit: 100),
            maxFrameSize: 100)
        #expect(WebSocketProtocolError.frameTooLarge(length: 1, limit: 0).closeCode == 1009)
    }

    @Test func acceptsFrameExactlyAtLimit() throws {
        // RFC 6455 §10.4: the limit is inclusive.
        let frames = try decodeFrames([clientFrame(.binary, Array(repeating: 9, count: 100))],
            peer: .client, maxFrameSize: 100)
        #expect(frames.count == 1)
    }

    @Test func surfacesPayloadAsItArrives() {
        // RFC 6455 §5.3: payload is unmasked piece by piece, before the frame is complete.
        var decoder = WebSocketFrameDecoder(peer: .client, maxFrameSize: 1000, compressionNegotiated: false)
        let frame = SplitInput.bytes("81 85 37 fa 21 3d 7f 9f 4d 51 58")
        var received: [UInt8] = []
        var sawEnd = false
        for (index, byte) in frame.enumerated() {
            let failure: WebSocketProtocolError? = [byte].withUnsafeBytes { input in
                var cursor = 0
                do throws(WebSocketProtocolError) {
                    while let event = try decoder.next(from: input, cursor: &cursor) {
                        switch event {
                        case .header: #expect(index == 5)
                        case .payload(let chunk): chunk.unmask(appendingTo: &received)
                        case .frameEnd: sawEnd = true
                        }
                    }
                    return nil
                } catch {
                    return error
                }
            }
            #expect(failure == nil)
            if index >= 6 { #expect(received == Array(hello.prefix(index - 5))) }
        }
        #expect(sawEnd)
        #expect(decoder.isAtFrameBoundary)
    }
}
