import Testing
@testable import BuzzerWebSocket

@Suite struct WebSocketFrameEncoderTests {
    let hello: [UInt8] = Array("Hello".utf8)

    /// Inflates a server frame's payload the way a client would (client side of RFC 7692 §7.2.2).
    func inflate(_ frame: [UInt8], with inflater: MessageInflater) throws -> [UInt8] {
        let frames = try decodeFrames([frame], peer: .server, compressionNegotiated: true)
        #expect(frames.count == 1 && frames[0].header.rsv1)
        var output: [UInt8] = []
        try frames[0].payload.withUnsafeBytes { try inflater.inflate($0, into: &output, limit: 1 << 24) }
        try inflater.finishMessage(into: &output, limit: 1 << 24)
        return output
    }

    // MARK: Encoder

    @Test func encodesUnmaskedText() {
        // RFC 6455 §5.7: unmasked "Hello".
        #expect(WebSocketFrameEncoder.encode(opcode: .text, payload: hello) == SplitInput.bytes("81 05 48 65 6c 6c 6f"))
    }

    @Test func encodesMaskedTextForClients() {
        // RFC 6455 §5.7: masked "Hello" with key 37 fa 21 3d.
        #expect(WebSocketFrameEncoder.encode(opcode: .text, payload: hello, maskingKey: rfcKey)
            == SplitInput.bytes("81 85 37 fa 21 3d 7f 9f 4d 51 58"))
    }

    @Test func encodesFragmentsAndPing() {
        // RFC 6455 §5.7: fragmented "Hel" + "lo", and an unmasked ping "Hello".
        #expect(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("Hel".utf8), fin: false)
            == SplitInput.bytes("01 03 48 65 6c"))
        #expect(WebSocketFrameEncoder.encode(opcode: .continuation, payload: Array("lo".utf8))
            == SplitInput.bytes("80 02 6c 6f"))
        #expect(WebSocketFrameEncoder.encode(opcode: .ping, payload: hello) == SplitInput.bytes("89 05 48 65 6c 6c 6f"))
    }

    @Test func usesShortestLengthEncoding() {
        // RFC 6455 §5.2 and §5.7: 125 in 7 bits, 126 and 256 in 16 bits (7e 01 00), 64 KiB in 64 bits.
        #expect(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 125)).prefix(2)
            == [0x82, 0x7D])
        #expect(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 126)).prefix(4)
            == [0x82, 0x7E, 0x00, 0x7E])
        #expect(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 256)).prefix(4)
            == SplitInput.bytes("82 7e 01 00")[...])
        #expect(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 65535)).prefix(4)
            == [0x82, 0x7E, 0xFF, 0xFF])
        #expect(WebSocketFrameEncoder.encode(opcode: .binary, payload: [UInt8](repeating: 0, count: 65536)).prefix(10)
            == SplitInput.bytes("82 7f 00 00 00 00 00 01 00 00")[...])
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65535, 65536, 70001])
    func maskedFramesRoundTripThroughDecoder(length: Int) throws {
        // RFC 6455 §5.3: masking is its own inverse, at every length encoding boundary.
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let key = WebSocketMaskingKey(0xA1, 0xB2, 0xC3, 0xD4)
        let frame = WebSocketFrameEncoder.encode(opcode: .binary, payload: payload, maskingKey: key)
        let frames = try decodeFrames([frame], peer: .client)
        #expect(frames == [DecodedFrame(
            header: .init(opcode: .binary, maskingKey: key, payloadLength: length), payload: payload)])
    }

    @Test func encodesCloseFrames() {
        // RFC 6455 §5.5.1: code in network order then the reason; empty body when no code.
        #expect(WebSocketFrameEncoder.encodeClose(code: 1000) == SplitInput.bytes("88 02 03 e8"))
        #expect(WebSocketFrameEncoder.encodeClose(code: nil) == SplitInput.bytes("88 00"))
        #expect(WebSocketFrameEncoder.encodeClose(code: 1002, reason: "no") == SplitInput.bytes("88 04 03 ea 6e 6f"))
    }

    // MARK: OutboundMessage sharing

    @Test func plainFrameWhenNoDeflateNegotiated() {
        // RFC 7692 §6: without the extension, frames are never compressed.
        let config = testConfig(minSize: 0)
        let message = OutboundMessage.text("Hello", compression: config.compression)
        var machine = WebSocketConnectionStateMachine(config: config, deflate: nil)
        #expect(machine.frameBytes(for: message) == SplitInput.bytes("81 05 48 65 6c 6c 6f"))
    }

    @Test func plainFrameBelowMinSize() {
        // compression.minSize: tiny messages are not worth compressing.
        let config = testConfig(minSize: 16)
        var message = OutboundMessage.text("Hello", compression: config.compression)
        var machine = WebSocketConnectionStateMachine(
            config: config, deflate: PerMessageDeflateParameters(serverNoContextTakeover: true))
        #expect(machine.frameBytes(for: &message, sharedDeflater: SharedDeflater(config.compression)) == message.plainFrame)
        #expect(message.sharedCompressedFrame == nil)
    }

    @Test func connectionsOnOneLoopShareOneCompressedFrame() throws {
        // RFC 7692 §7.1.1.1: with server_no_context_takeover every message stands alone, so the loop's
        // stream compresses it once for all its connections; the bytes are the same storage, not copies.
        let config = testConfig(minSize: 16)
        let loopDeflater = try #require(SharedDeflater(config.compression))
        let text = String(repeating: "question 7: capital of Australia? ", count: 20)
        var message = OutboundMessage.text(text, compression: config.compression)
        #expect(message.sharedCompressedFrame == nil)
        let parameters = PerMessageDeflateParameters(serverMaxWindowBits: 15, serverNoContextTakeover: true)
        var first = WebSocketConnectionStateMachine(config: config, deflate: parameters)
        var second = WebSocketConnectionStateMachine(config: config, deflate: parameters)
        let a = try #require(first.frameBytes(for: &message, sharedDeflater: loopDeflater))
        let shared = try #require(message.sharedCompressedFrame)
        #expect(shared.count < message.plainFrame.count)
        let b = try #require(second.frameBytes(for: &message, sharedDeflater: loopDeflater))
        #expect(a == shared && b == shared)
        let sameStorage = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
        #expect(sameStorage)
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        #expect(try inflate(a, with: inflater) == Array(text.utf8))
        // A broadcast to plain connections shares the plain frame the same way.
        var plain = WebSocketConnectionStateMachine(config: config, deflate: nil)
        let p = try #require(plain.frameBytes(for: &message, sharedDeflater: loopDeflater))
        #expect(p.withUnsafeBufferPointer { $0.baseAddress } == message.plainFrame.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func smallerWindowCompressesPerConnection() throws {
        // RFC 7692 §7.1.2.1: a client limiting server_max_window_bits to 10 cannot take a 15-bit stream.
        let config = testConfig(minSize: 16)
        // A 3000-byte noise block twice: only a window over 1 KiB finds the repeat.
        var seed: UInt32 = 12345
        let block = (0..<3000).map { _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let payload = block + block
        var message = OutboundMessage.binary(payload, compression: config.compression)
        message.compressShared(with: try #require(SharedDeflater(config.compression)))
        #expect(message.sharedCompressedFrame != nil)
        var machine = WebSocketConnectionStateMachine(
            config: config, deflate: PerMessageDeflateParameters(serverMaxWindowBits: 10, serverNoContextTakeover: true))
        let frame = try #require(machine.frameBytes(for: &message, sharedDeflater: SharedDeflater(config.compression)))
        #expect(frame != message.sharedCompressedFrame)
        #expect(try inflate(frame, with: MessageInflater(windowBits: 10, noContextTakeover: true)) == payload)
    }

    @Test func oneSharedDeflaterCompressesEveryMessageOnItsOwn() throws {
        // RFC 7692 §7.1.1.1: a frame built for server_no_context_takeover must inflate with a fresh
        // context. One stream serves every message of its loop, so it must be reset after each one.
        let config = testConfig(minSize: 16)
        let deflater = try #require(SharedDeflater(config.compression))
        let first = String(repeating: "Which river flows through Vienna? ", count: 8)
        let second = String(repeating: "Which river flows through Budapest? ", count: 8)
        var a = OutboundMessage.text(first, compression: config.compression)
        var b = OutboundMessage.text(second, compression: config.compression)
        var again = OutboundMessage.text(first, compression: config.compression)
        a.compressShared(with: deflater)
        b.compressShared(with: deflater)
        again.compressShared(with: deflater)
        let aFrame = try #require(a.sharedCompressedFrame)
        let bFrame = try #require(b.sharedCompressedFrame)
        #expect(try inflate(aFrame, with: MessageInflater(windowBits: 15, noContextTakeover: true)) == Array(first.utf8))
        #expect(try inflate(bFrame, with: MessageInflater(windowBits: 15, noContextTakeover: true)) == Array(second.utf8))
        // Nothing carried over from the messages before it: the same text compresses to the same bytes.
        #expect(again.sharedCompressedFrame == aFrame)
    }

    @Test func aConnectionThatKeepsItsContextNeverUsesTheLoopStream() throws {
        // Without server_no_context_takeover the connection's frames may refer to its earlier messages
        // (RFC 7692 §7.2.3.2), which a reset stream's frames cannot stand in for.
        let config = testConfig(minSize: 16)
        let text = String(repeating: "keep the context ", count: 10)
        var message = OutboundMessage.text(text, compression: config.compression)
        var machine = WebSocketConnectionStateMachine(
            config: config, deflate: PerMessageDeflateParameters(serverNoContextTakeover: false))
        let frame = try #require(machine.frameBytes(for: &message, sharedDeflater: SharedDeflater(config.compression)))
        #expect(message.sharedCompressedFrame == nil)
        #expect(try inflate(frame, with: MessageInflater(windowBits: 15, noContextTakeover: false)) == Array(text.utf8))
        var off = config.compression
        off.enabled = false
        #expect(SharedDeflater(off) == nil)
    }

    @Test func messageWithoutSharedDeflaterIsCompressedByItsConnection() throws {
        // A one-recipient message (an echo, a reply) is not compressed up front; a connection that
        // negotiated permessage-deflate compresses it with its own stream (RFC 7692 §7.2.1).
        let config = testConfig(minSize: 16)
        let text = String(repeating: "echo echo echo ", count: 10)
        let message = OutboundMessage.text(text, compression: config.compression)
        #expect(message.sharedCompressedFrame == nil)
        var machine = WebSocketConnectionStateMachine(
            config: config, deflate: PerMessageDeflateParameters(serverNoContextTakeover: true))
        let bytes = machine.frameBytes(for: message)
        let frame = try #require(bytes)
        #expect(frame.count < message.plainFrame.count)
        #expect(try inflate(frame, with: MessageInflater(windowBits: 15, noContextTakeover: true)) == Array(text.utf8))
        var plain = WebSocketConnectionStateMachine(config: config, deflate: nil)
        #expect(plain.frameBytes(for: message) == message.plainFrame)
    }

    @Test func contextTakeoverUsesConnectionDeflater() throws {
        // RFC 7692 §7.2.3.2: with context takeover each message may refer to the previous one, so the
        // connection compresses with its own stream and the client inflates with one persistent stream.
        let config = testConfig(minSize: 1)
        let message = OutboundMessage.text("Hello Hello Hello", compression: config.compression)
        var machine = WebSocketConnectionStateMachine(
            config: config, deflate: PerMessageDeflateParameters(serverNoContextTakeover: false))
        let firstBytes = machine.frameBytes(for: message)

        let first = try #require(firstBytes)
        let secondBytes = machine.frameBytes(for: message)

        let second = try #require(secondBytes)
        #expect(second.count < first.count)  // the second refers back to the first
        let client = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(try inflate(first, with: client) == Array("Hello Hello Hello".utf8))
        #expect(try inflate(second, with: client) == Array("Hello Hello Hello".utf8))
    }

    @Test func keepalivePingIsBoundedControlFrame() throws {
        // RFC 6455 §5.5: control payload <= 125 bytes.
        var machine = WebSocketConnectionStateMachine(config: testConfig(), deflate: nil)
        let pingBytes = machine.ping(payload: Array(repeating: 7, count: 200))

        let ping = try #require(pingBytes)
        #expect(ping.prefix(2) == [0x89, 125])
        #expect(ping.count == 127)
    }
}
