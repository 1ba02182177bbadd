import BuzzerWebSocket

/// How the app answers one plain HTTP request: at once on the connection's loop, or later from any
/// thread once blocking work (a file read, a log scan, an fsync) is done elsewhere. Call it once;
/// the connection reads no further request until then.
package struct HTTPResponder: Sendable {
    let deliver: @Sendable (HTTPReply) -> Void

    package init(_ deliver: @escaping @Sendable (HTTPReply) -> Void) {
        self.deliver = deliver
    }

    /// A whole response. One whose body would take much of `outboundHighWaterBytes` is still sent
    /// in pieces as the socket drains (from memory), so a big answer never trips the slow-reader cut.
    package func callAsFunction(_ response: HTTPResponse) {
        deliver(HTTPReply(head: response, body: nil))
    }

    /// `head` (its own body ignored), then `body`'s bytes, pulled a piece at a time as the socket
    /// drains: a file larger than the outbound limit is never queued whole.
    package func stream(_ head: HTTPResponse, body: some HTTPBodySource) {
        deliver(HTTPReply(head: head, body: body))
    }
}

/// What an `HTTPResponder` hands the transport.
package struct HTTPReply: Sendable {
    package var head: HTTPResponse
    package var body: (any HTTPBodySource)?
}

/// A response body produced in pieces. The session asks for the next piece only when the
/// connection's outbound queue has fallen below a low-water mark, so at most one piece waits in
/// memory per connection, whatever the body's size.
package protocol HTTPBodySource: Sendable {
    /// The body's length, sent as `Content-Length` before the first piece.
    var count: Int { get }
    /// Produces `count` bytes from `offset` (always within the body) and calls `done` once, from
    /// any thread. Blocking work belongs on a worker queue, never on the caller's loop. nil means
    /// the bytes could not be had: the head promised a length, so the connection is closed.
    func read(offset: Int, count: Int, _ done: @escaping @Sendable ([UInt8]?) -> Void)
}

/// A body already in memory, sent in pieces all the same: queued whole, a body larger than the
/// outbound high-water mark would drop its own reader as slow.
struct BytesBodySource: HTTPBodySource {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func read(offset: Int, count: Int, _ done: @escaping @Sendable ([UInt8]?) -> Void) {
        done(Array(bytes[offset..<offset + count]))
    }
}
