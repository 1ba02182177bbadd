/// A piece of one frame's payload exactly as it sits in the caller's input buffer (still masked).
///
/// The decoder never copies payload: it points into the input and says where in the frame the piece
/// starts, so the consumer unmasks straight into wherever the bytes belong (message buffer, inflater
/// input, control-frame buffer). Only valid while the input buffer passed to the decoder is.
package struct WebSocketPayloadChunk {
    /// The masked bytes, a slice of the decoder's input.
    package var maskedBytes: UnsafeRawBufferPointer
    package var maskingKey: WebSocketMaskingKey?
    /// Position of `maskedBytes[0]` within the frame payload, needed to line up the mask (RFC 6455 §5.3).
    package var offsetInFrame: Int

    package var count: Int { maskedBytes.count }

    /// Appends the unmasked bytes to `output`.
    package func unmask(appendingTo output: inout [UInt8]) {
        let start = output.count
        maskedBytes.withMemoryRebound(to: UInt8.self) { output.append(contentsOf: $0) }
        guard let key = maskingKey, maskedBytes.count > 0 else { return }
        output.withUnsafeMutableBytes { buffer in
            key.apply(to: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]), offset: offsetInFrame)
        }
    }
}
