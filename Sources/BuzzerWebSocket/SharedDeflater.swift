/// One zlib stream, reset after every message, that the connections of one event loop share for
/// the compressed variant of what they send (RFC 7692 §7.1.1.1, server_no_context_takeover).
///
/// `deflateInit2` allocates and clears about 256 KiB of tables: a stream per message put
/// `make("question")` at 113–242 µs before the first player got the frame, and a stream per
/// connection would cost 256 KiB for each of 10,000 players. With no context takeover a reset
/// stream compresses exactly as a fresh one does, so one per loop serves every connection on it
/// with no lock: it is loop-bound, like the connections that use it, and not Sendable.
package final class SharedDeflater {
    /// The window the stream compresses with: a connection may use its frames only if it
    /// negotiated at least this `server_max_window_bits`.
    package let windowBits: Int
    private let stream: MessageDeflater

    package init(windowBits: Int, level: Int) {
        // The stream clamps to zlib's 9...15; record what it really uses.
        self.windowBits = min(max(windowBits, 9), 15)
        stream = MessageDeflater(windowBits: windowBits, noContextTakeover: true, level: level)
    }

    /// A stream for `compression`'s window and level, or nil when compression is off.
    package convenience init?(_ compression: PerMessageDeflateConfig) {
        guard compression.enabled else { return nil }
        self.init(windowBits: compression.serverMaxWindowBits, level: compression.level)
    }

    /// Compresses one whole message on its own (no reference to earlier ones).
    package func deflate(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        stream.deflate(message)
    }
}
