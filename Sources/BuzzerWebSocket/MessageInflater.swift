import CZlib

/// zlib raw inflate for one connection's incoming permessage-deflate messages (RFC 7692 §7.2.2).
///
/// A class because `z_stream` keeps internal pointers back to itself and needs a stable address.
/// Not Sendable: owned by one connection on one event loop.
package final class MessageInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let noContextTakeover: Bool
    /// Scratch space inflate writes into before bytes are checked against the limit and appended,
    /// so the output never grows past the limit however well the input compresses.
    private let chunk: UnsafeMutablePointer<UInt8>
    private static let chunkSize = 16 * 1024
    /// The empty stored block a sender strips from each message (RFC 7692 §7.2.1, §7.2.2).
    private static let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
    /// The tail preceded by an empty stored-block header, for messages with no compressed bytes.
    private static let emptyMessage: [UInt8] = [0x00, 0x00, 0x00, 0xFF, 0xFF]
    /// Whether the current message has had any compressed bytes yet.
    private var messageHasInput = false
    /// The sender ended its DEFLATE stream with a BFINAL block in this message (RFC 7692 §7.2.3.3);
    /// anything after it in the message is ignored, as zlib-based peers do.
    private var streamEnded = false

    /// `windowBits` is the negotiated client_max_window_bits. Inflating with a window larger than
    /// the sender's is always safe, so values below 9 are raised to 9 (zlib's raw-deflate floor,
    /// which zlib-based senders use even when they asked for 8).
    package init(windowBits: Int, noContextTakeover: Bool) {
        self.noContextTakeover = noContextTakeover
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        chunk = .allocate(capacity: Self.chunkSize)
        let bits = Int32(min(max(windowBits, 9), 15))
        let status = inflateInit2_(stream, -bits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "inflateInit2 failed: \(status)")
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        chunk.deallocate()
    }

    /// Appends the inflated bytes of `input` to `output`; throws `.tooLarge` as soon as
    /// `output.count` would pass `limit`. Call once per frame payload of a compressed message.
    package func inflate(_ input: UnsafeRawBufferPointer, into output: inout [UInt8], limit: Int) throws(DeflateError) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        messageHasInput = true
        if streamEnded { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            stream.pointee.next_out = chunk
            stream.pointee.avail_out = uInt(Self.chunkSize)
            let availableBefore = stream.pointee.avail_in
            let status = CZlib.inflate(stream, Z_SYNC_FLUSH)
            let produced = Self.chunkSize - Int(stream.pointee.avail_out)
            if produced > 0 {
                guard produced <= limit - output.count else { throw .tooLarge(limit: limit) }
                output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: produced))
            }
            switch status {
            case Z_OK:
                break
            case Z_STREAM_END:
                streamEnded = true
                return
            case Z_BUF_ERROR:
                // No progress possible: all input consumed and nothing pending.
                if produced == 0 && stream.pointee.avail_in == availableBefore { return }
            case Z_NEED_DICT:
                throw .corrupt("unexpected preset dictionary")
            case Z_MEM_ERROR:
                throw .corrupt("zlib out of memory")
            default:
                throw .corrupt(Self.message(stream) ?? "zlib error \(status)")
            }
            if stream.pointee.avail_in == 0 && produced < Self.chunkSize { return }
            // Defensive: with 16 KiB of output space zlib always makes progress; never spin.
            if produced == 0 && stream.pointee.avail_in == availableBefore && status != Z_STREAM_END {
                throw .corrupt("inflate made no progress")
            }
        }
    }

    /// Ends a message: inflates the 00 00 ff ff tail (RFC 7692 §7.2.2) and resets the window if
    /// the client does not take over context.
    package func finishMessage(into output: inout [UInt8], limit: Int) throws(DeflateError) {
        if streamEnded {
            // The 00 00 ff ff tail would follow the end of the stream: skip it and start a new
            // stream for the next message, keeping the window unless context is not taken over.
            restartStream(keepingWindow: !noContextTakeover)
            messageHasInput = false
            return
        }
        // A sender whose zlib produced nothing for an empty message sends an empty payload; the
        // tail alone would leave the stream mid-block, so treat it as the 0x00 of RFC 7692 §7.2.3.6.
        // withUnsafeBytes rethrows untyped errors, so carry the typed error out in a Result.
        let ending = messageHasInput ? Self.tail : Self.emptyMessage
        let result = ending.withUnsafeBytes { tail in
            Result { () throws(DeflateError) in try inflate(tail, into: &output, limit: limit) }
        }
        messageHasInput = false
        try result.get()
        if noContextTakeover {
            inflateReset(stream)
        }
    }

    /// Drops any partial message state, e.g. after an error when the connection keeps going.
    package func reset() {
        messageHasInput = false
        streamEnded = false
        inflateReset(stream)
    }

    private func restartStream(keepingWindow: Bool) {
        streamEnded = false
        guard keepingWindow else {
            inflateReset(stream)
            return
        }
        var window = [UInt8](repeating: 0, count: 1 << 15)
        var length: uInt = 0
        window.withUnsafeMutableBufferPointer { buffer in
            _ = inflateGetDictionary(stream, buffer.baseAddress, &length)
            inflateReset(stream)
            _ = inflateSetDictionary(stream, buffer.baseAddress, length)
        }
    }

    private static func message(_ stream: UnsafeMutablePointer<z_stream>) -> String? {
        stream.pointee.msg.map { String(cString: $0) }
    }
}
