import CZlib

/// zlib raw deflate for one stream of outgoing permessage-deflate messages (RFC 7692 §7.2.1).
///
/// A class because `z_stream` needs a stable address. Not Sendable: one owner at a time.
package final class MessageDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let noContextTakeover: Bool

    /// `windowBits` is the negotiated server_max_window_bits, clamped to 9...15 because zlib raw
    /// deflate rejects 8 (negotiation never agrees to 8 for the server side).
    package init(windowBits: Int, noContextTakeover: Bool, level: Int) {
        self.noContextTakeover = noContextTakeover
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let bits = Int32(min(max(windowBits, 9), 15))
        let level = Int32(min(max(level, 0), 9))
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, -bits, 8, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size)
        )
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses one whole message and strips the trailing 00 00 ff ff (RFC 7692 §7.2.1).
    package func deflate(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        // Sync flush output is at most the bound plus a handful of bytes for the empty stored block.
        let initialCapacity = Int(deflateBound(stream, uLong(message.count))) + 16
        var output = [UInt8](repeating: 0, count: initialCapacity)
        var written = 0
        var input = message.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self)) }
        var remaining = message.count
        while true {
            if written == output.count {
                output.append(contentsOf: repeatElement(0, count: max(output.count, 64)))
            }
            let status: Int32 = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_in = input
                stream.pointee.avail_in = uInt(remaining)
                stream.pointee.next_out = buffer.baseAddress! + written
                stream.pointee.avail_out = uInt(buffer.count - written)
                let status = CZlib.deflate(stream, Z_SYNC_FLUSH)
                written = buffer.count - Int(stream.pointee.avail_out)
                input = stream.pointee.next_in
                remaining = Int(stream.pointee.avail_in)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                return status
            }
            // Z_BUF_ERROR only means "no progress possible", which cannot hurt a sync flush.
            precondition(status == Z_OK || status == Z_BUF_ERROR, "deflate failed: \(status)")
            // Flush is complete once zlib had output space to spare.
            if remaining == 0 && written < output.count { break }
        }
        output.removeSubrange(written..<output.count)
        if output.count >= 4 && output[(output.count - 4)...].elementsEqual([0x00, 0x00, 0xFF, 0xFF]) {
            output.removeLast(4)
        }
        if output.isEmpty {
            // zlib emits nothing for an empty message right after a flush. The receiver appends
            // 00 00 ff ff, which is only a whole empty stored block after a header byte, so send
            // the single 0x00 of RFC 7692 §7.2.3.6.
            output = [0x00]
        }
        if noContextTakeover {
            deflateReset(stream)
        }
        return output
    }

    /// Convenience for byte arrays.
    package func deflate(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { deflate($0) }
    }
}
