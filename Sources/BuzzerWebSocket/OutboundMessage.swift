/// A server-to-client message encoded once into frame bytes that any number of connections send as is.
///
/// A broadcast to N players must not encode (or compress) N times: the frame is built here and every
/// connection's `frameBytes(for:)` hands out the same copy-on-write array, so the bytes are shared, not copied.
/// Given a `SharedDeflater` (broadcasts) and a payload of at least `minSize` bytes, a compressed variant
/// (RFC 7692, RSV1) is also made once, with no context takeover so it does not depend on earlier messages
/// (§7.1.1.1). A connection can only use it if it negotiated server_no_context_takeover and a window at
/// least that large; otherwise, and for messages built without a shared deflater (one recipient), it
/// compresses with its own deflater (see `frameBytes(for:)`).
package struct OutboundMessage: Sendable {
    /// `.text` or `.binary`.
    package let opcode: WebSocketOpcode
    /// One unmasked, uncompressed, final frame.
    package let plainFrame: [UInt8]
    /// Where the payload starts inside `plainFrame` (the payload is not stored twice).
    let payloadOffset: Int
    /// Whether the message is large enough to be worth compressing (`compression.minSize`).
    package let wantsCompression: Bool
    /// The shared compressed frame (RSV1 set) and the window bits it was compressed with.
    package let sharedCompressedFrame: [UInt8]?
    package let sharedCompressionWindowBits: Int

    /// Encodes `payload`; with `compression` enabled, the payload at least `minSize` bytes and a
    /// `sharedDeflater`, also compresses it once for all connections.
    package init(
        opcode: WebSocketOpcode, payload: [UInt8], compression: PerMessageDeflateConfig? = nil,
        sharedDeflater: SharedDeflater? = nil
    ) {
        precondition(opcode == .text || opcode == .binary, "OutboundMessage carries text or binary")
        self.opcode = opcode
        let frame = WebSocketFrameEncoder.encode(opcode: opcode, payload: payload)
        self.plainFrame = frame
        self.payloadOffset = frame.count - payload.count
        let wantsCompression = compression.map { $0.enabled && payload.count >= $0.minSize } ?? false
        self.wantsCompression = wantsCompression
        self.sharedCompressionWindowBits = sharedDeflater?.windowBits ?? 15
        if let sharedDeflater, wantsCompression {
            let compressed = sharedDeflater.deflate(payload)
            self.sharedCompressedFrame = WebSocketFrameEncoder.encode(opcode: opcode, payload: compressed, rsv1: true)
        } else {
            self.sharedCompressedFrame = nil
        }
    }

    /// A text message from a Swift string (always valid UTF-8).
    package static func text(
        _ text: String, compression: PerMessageDeflateConfig? = nil, sharedDeflater: SharedDeflater? = nil
    ) -> OutboundMessage {
        OutboundMessage(opcode: .text, payload: Array(text.utf8), compression: compression, sharedDeflater: sharedDeflater)
    }

    /// A binary message.
    package static func binary(
        _ payload: [UInt8], compression: PerMessageDeflateConfig? = nil, sharedDeflater: SharedDeflater? = nil
    ) -> OutboundMessage {
        OutboundMessage(opcode: .binary, payload: payload, compression: compression, sharedDeflater: sharedDeflater)
    }

    /// Number of payload bytes.
    package var payloadCount: Int { plainFrame.count - payloadOffset }

    /// Calls `body` with the uncompressed payload (for per-connection compression).
    package func withPayload<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try plainFrame.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[payloadOffset...])) }
    }
}
