@testable import BuzzerWebSocket

/// Ways to deliver one byte stream to a decoder, like NIO's ByteToMessageDecoderVerifier:
/// whole, cut once at every offset, cut twice at every pair of offsets (short inputs), and one byte at a time.
/// Long inputs are cut at every offset of their first and last 32 bytes and at strided points in between.
enum SplitInput {
    static func all(_ bytes: [UInt8]) -> [[[UInt8]]] {
        var result: [[[UInt8]]] = [[bytes]]
        let cuts = cutPoints(bytes.count)
        for cut in cuts {
            result.append([Array(bytes[..<cut]), Array(bytes[cut...])])
        }
        if bytes.count <= 40 {
            for first in cuts {
                for second in cuts where second > first {
                    result.append([Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])])
                }
            }
        }
        result.append(bytes.map { [$0] })
        return result
    }

    static func cutPoints(_ count: Int) -> [Int] {
        guard count > 80 else { return Array(0...count) }
        var points = Set(0...32)
        points.formUnion((count - 32)...count)
        points.formUnion(stride(from: 32, to: count - 32, by: max(1, count / 64)))
        return points.sorted()
    }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = hex.filter { !$0.isWhitespace }
        var result: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            result.append(UInt8(digits[index..<next], radix: 16)!)
            index = next
        }
        return result
    }
}

/// A frame as the decoder reported it, payload unmasked.
struct DecodedFrame: Equatable {
    var header: WebSocketFrameHeader
    var payload: [UInt8]
}

/// Runs `chunks` through one decoder; returns the complete frames, or throws the decoder's error.
func decodeFrames(
    _ chunks: [[UInt8]], peer: WebSocketFrameDecoder.Peer, maxFrameSize: Int = 1 << 20,
    compressionNegotiated: Bool = false
) throws(WebSocketProtocolError) -> [DecodedFrame] {
    var decoder = WebSocketFrameDecoder(
        peer: peer, maxFrameSize: maxFrameSize, compressionNegotiated: compressionNegotiated)
    var frames: [DecodedFrame] = []
    var current: DecodedFrame?
    for chunk in chunks {
        let failure: WebSocketProtocolError? = chunk.withUnsafeBytes { input in
            var cursor = 0
            do throws(WebSocketProtocolError) {
                while let event = try decoder.next(from: input, cursor: &cursor) {
                    switch event {
                    case .header(let header):
                        precondition(current == nil, "header before previous frame ended")
                        current = DecodedFrame(header: header, payload: [])
                    case .payload(let piece):
                        piece.unmask(appendingTo: &current!.payload)
                    case .frameEnd(let header):
                        precondition(current?.header == header)
                        frames.append(current!)
                        current = nil
                    }
                }
                precondition(cursor == input.count, "decoder returned nil with input left")
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
    return frames
}

/// Test configuration: limits small enough to hit, compression on.
func testConfig(
    maxFrameSize: Int = 1 << 16, maxMessageSize: Int = 1 << 16, maxFragments: Int = 8,
    maxDecompressedSize: Int = 1 << 16, minSize: Int = 16
) -> WebSocketConfig {
    WebSocketConfig(
        allowedOrigins: [], maxHeaderBytes: 8192, maxHeaderCount: 64, maxFrameSize: maxFrameSize,
        maxMessageSize: maxMessageSize, maxFragments: maxFragments,
        compression: PerMessageDeflateConfig(
            enabled: true, minSize: minSize, level: 6, maxDecompressedSize: maxDecompressedSize,
            serverMaxWindowBits: 15, clientMaxWindowBits: 15, serverNoContextTakeover: true))
}

/// Feeds `chunks` to a fresh state machine and returns every action.
func run(
    _ chunks: [[UInt8]], config: WebSocketConfig = testConfig(), deflate: PerMessageDeflateParameters? = nil
) -> [WebSocketAction] {
    var machine = WebSocketConnectionStateMachine(config: config, deflate: deflate)
    var actions: [WebSocketAction] = []
    for chunk in chunks {
        chunk.withUnsafeBytes { machine.receive($0, into: &actions) }
    }
    return actions
}

/// The RFC 6455 §5.7 masking key 37 fa 21 3d.
let rfcKey = WebSocketMaskingKey(0x37, 0xFA, 0x21, 0x3D)

/// A client frame (masked with `rfcKey` unless another key is given).
func clientFrame(
    _ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true, rsv1: Bool = false,
    key: WebSocketMaskingKey = rfcKey
) -> [UInt8] {
    WebSocketFrameEncoder.encode(opcode: opcode, payload: payload, fin: fin, rsv1: rsv1, maskingKey: key)
}

/// A masked Close frame with `code` and raw reason bytes.
func clientClose(code: UInt16, reason: [UInt8] = []) -> [UInt8] {
    clientFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
}

/// The status code of the first Close frame the server sent in `actions`.
func closeCode(in actions: [WebSocketAction]) -> UInt16? {
    for action in actions {
        if case .send(let bytes) = action, bytes.count >= 4, bytes[0] == 0x88 {
            return UInt16(bytes[2]) << 8 | UInt16(bytes[3])
        }
    }
    return nil
}
