import Synchronization

/// One zlib stream, reset after every message, that any thread may use to build the shared
/// compressed variant of a broadcast (RFC 7692 §7.1.1.1, server_no_context_takeover).
///
/// `deflateInit2` allocates and clears about 256 KiB of tables. Doing that for every message put
/// `make("question")` at 113–242 µs on the room's loop before the first player got the frame; with
/// one stream reset between messages it took 78–133 µs, JSON encoding included.
/// The lock is held only while one message is compressed.
package final class SharedDeflater: Sendable {
    /// The window the stream compresses with: a connection may use the shared frame only if it
    /// negotiated at least this `server_max_window_bits`.
    package let windowBits: Int
    private let stream: Mutex<MessageDeflater>

    package init(windowBits: Int, level: Int) {
        // The stream clamps to zlib's 9...15; record what it really uses.
        self.windowBits = min(max(windowBits, 9), 15)
        stream = Mutex(MessageDeflater(windowBits: windowBits, noContextTakeover: true, level: level))
    }

    /// A stream for `compression`'s window and level, or nil where no shared variant is ever used:
    /// compression off, or connections that keep their context (each compresses on its own).
    package convenience init?(_ compression: PerMessageDeflateConfig) {
        guard compression.enabled, compression.serverNoContextTakeover else { return nil }
        self.init(windowBits: compression.serverMaxWindowBits, level: compression.level)
    }

    /// Compresses one whole message on its own (no reference to earlier ones).
    package func deflate(_ message: [UInt8]) -> [UInt8] {
        stream.withLock { $0.deflate(message) }
    }
}
