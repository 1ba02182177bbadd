/// A server-to-client message encoded once into frame bytes that any number of connections send as is.
///
/// A broadcast to N players must not encode (or compress) N times: the frame is built here and every
/// connection's `frameBytes(for:sharedDeflater:)` hands out the same copy-on-write array, so the bytes are
/// shared, not copied. For a payload of at least `minSize` bytes, the first connection on a loop that
/// negotiated server_no_context_takeover adds a compressed variant (RFC 7692, RSV1) made with its loop's
/// `SharedDeflater`; it does not depend on earlier messages (§7.1.1.1), so the loop's other recipients
/// send the same bytes. A connection that keeps its context, or allows a smaller window, compresses with
/// its own deflater.
package struct OutboundMessage: Sendable {
    /// `.text` or `.binary`.
    package let opcode: WebSocketOpcode
    /// One unmasked, uncompressed, final frame.
    package let plainFrame: [UInt8]
    /// Where the payload starts inside `plainFrame` (the payload is not stored twice).
    let payloadOffset: Int
    /// Whether the message is large enough to be worth compressing (`compression.minSize`).
    package let wantsCompression: Bool
    /// The shared compressed frame (RSV1 set) and the window bits it was compressed with; added by
    /// `compressShared(with:)` on the loop that sends it.
    package private(set) var sharedCompressedFrame: [UInt8]?
    package private(set) var sharedCompressionWindowBits = 15

    /// Encodes `payload`; `compression` (enabled, and the payload at least `minSize` bytes) says whether
    /// connections that negotiated permessage-deflate get it compressed.
    package init(opcode: WebSocketOpcode, payload: [UInt8], compression: PerMessageDeflateConfig? = nil) {
        self = payload.withUnsafeBytes { OutboundMessage(opcode: opcode, payload: $0, compression: compression) }
    }

    /// Encodes a payload from any contiguous bytes (an encoder's `Data`): one copy, into the frame.
    package init(opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, compression: PerMessageDeflateConfig? = nil) {
        precondition(opcode == .text || opcode == .binary, "OutboundMessage carries text or binary")
        self.opcode = opcode
        let frame = WebSocketFrameEncoder.encode(opcode: opcode, payload: payload)
        self.plainFrame = frame
        self.payloadOffset = frame.count - payload.count
        let wantsCompression = compression.map { $0.enabled && payload.count >= $0.minSize } ?? false
        self.wantsCompression = wantsCompression
    }

    /// A text message from a Swift string (always valid UTF-8).
    package static func text(_ text: String, compression: PerMessageDeflateConfig? = nil) -> OutboundMessage {
        var text = text
        return text.withUTF8 { OutboundMessage(opcode: .text, payload: UnsafeRawBufferPointer($0), compression: compression) }
    }

    /// A binary message.
    package static func binary(_ payload: [UInt8], compression: PerMessageDeflateConfig? = nil) -> OutboundMessage {
        OutboundMessage(opcode: .binary, payload: payload, compression: compression)
    }

    /// Adds the compressed variant every no-context-takeover connection can send, once.
    package mutating func compressShared(with deflater: SharedDeflater) {
        guard wantsCompression, sharedCompressedFrame == nil else { return }
        let compressed = withPayload { deflater.deflate($0) }
        sharedCompressedFrame = WebSocketFrameEncoder.encode(opcode: opcode, payload: compressed, rsv1: true)
        sharedCompressionWindowBits = deflater.windowBits
    }

    /// Number of payload bytes.
    package var payloadCount: Int { plainFrame.count - payloadOffset }

    /// Calls `body` with the uncompressed payload (for per-connection compression).
    package func withPayload<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try plainFrame.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[payloadOffset...])) }
    }
}
