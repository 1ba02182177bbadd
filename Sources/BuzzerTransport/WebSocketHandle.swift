import BuzzerWebSocket

/// A Sendable reference to one upgraded connection and its typed handler, usable from any thread:
/// every operation hops to the connection's loop (at once when already there) and does nothing once
/// the connection has closed. This is the app's only way to a connection.
package struct WebSocketHandle<Handler: WebSocketHandler>: Sendable, Hashable {
    let connection: ConnectionHandle

    init(_ connection: ConnectionHandle) {
        self.connection = connection
    }

    /// Unique among the open connections of one server.
    package var id: UInt64 { connection.id }
    /// The loop that owns the connection: work for it runs there without a hop.
    package var loop: EventLoop { connection.loop }

    /// Sends one message; dropped once the connection is closing (RFC 6455 §5.5.1).
    package func send(_ message: OutboundMessage) {
        // On the connection's own loop (a reply from its handler), no closure is made for the hop.
        let loop = connection.loop
        if loop.inEventLoop {
            if let open = loop.connection(connection.id) { Self.session(of: open)?.send(message) }
        } else {
            connection.withConnection { Self.session(of: $0)?.send(message) }
        }
    }

    /// Sends one message and calls `onWritten`, on the loop, with the handler and the monotonic instant
    /// its last byte went to the kernel. Never called if the connection closes first.
    package func send(_ message: OutboundMessage, onWritten: @escaping @Sendable (Handler, UInt64) -> Void) {
        connection.withConnection { Self.session(of: $0)?.send(message, onWritten: onWritten) }
    }

    /// Queues the send behind work already scheduled on the loop, even when called from that loop:
    /// keeps a reply after a broadcast that was just dispatched to the same loop.
    package func sendLater(_ message: OutboundMessage) {
        let connection = self.connection
        connection.loop.execute { connection.withConnection { Self.session(of: $0)?.send(message) } }
    }

    /// Starts the close handshake with `code` (RFC 6455 §7.4); the connection drops after the peer
    /// answers or `timeouts.closeSeconds`.
    package func close(code: UInt16, reason: String) {
        connection.withConnection { Self.session(of: $0)?.close(code: code, reason: reason) }
    }

    /// Runs `body` with the connection's handler on its loop, or `ifClosed` there if the connection has
    /// closed by then (its handler was already told).
    package func withHandler(_ body: @escaping @Sendable (Handler) -> Void, ifClosed: (@Sendable () -> Void)? = nil) {
        let connection = self.connection
        let run: @Sendable () -> Void = {
            if let handler = connection.loop.connection(connection.id).flatMap({ Self.session(of: $0)?.handler }) {
                body(handler)
            } else {
                ifClosed?()
            }
        }
        if connection.loop.inEventLoop { run() } else { connection.loop.execute(run) }
    }

    /// The latest keepalive round trip in nanoseconds; nil before the first pong or once closed.
    /// Loop only, like the handler that asks.
    package var roundTripNanos: UInt64? {
        connection.loop.assertInEventLoop()
        return connection.loop.connection(connection.id).flatMap { Self.session(of: $0)?.roundTripNanos }
    }

    /// Sends one encoded message to many connections: one hop per loop, the frame bytes (and on each
    /// loop one compressed variant) shared by all. An array, not any sequence: a generic sequence
    /// from another module is walked unspecialised, with metadata looked up per recipient.
    package static func broadcast(_ message: OutboundMessage, to handles: [WebSocketHandle]) {
        EventLoop.broadcast(message, to: handles.map(\.connection))
    }

    /// Messages for many connections at once, each connection getting its own list in order: a reveal
    /// (the shared `reveal`, then each player's own `result`), a leaderboard and the standings. Each
    /// distinct message is framed once, and compressed at most once per loop; each connection's
    /// messages leave in one `writev`, and the whole batch takes one hop per loop.
    package struct Batch: Sendable {
        private(set) var messages: [OutboundMessage] = []
        private(set) var plan: BatchPlan

        /// `recipients`: about how many connections the batch reaches (a reveal: the room), so its
        /// tables are sized once instead of growing through every power of two.
        package init(recipients: Int = 0) {
            plan = BatchPlan(recipients: recipients)
        }

        package var isEmpty: Bool { plan.isEmpty }

        /// Adds a message to the batch; pass the result to `send(_:to:)` for each of its recipients.
        package mutating func add(_ message: OutboundMessage) -> Int {
            messages.append(message)
            return messages.count - 1
        }

        /// Queues message `index` for `handle`, after whatever the batch already holds for it.
        /// `onWritten` (as in `WebSocketHandle.send(_:onWritten:)`) follows this connection's whole
        /// write; `closeAfter` starts the close handshake once its messages are queued.
        package mutating func send(
            _ index: Int, to handle: WebSocketHandle, onWritten: (@Sendable (Handler, UInt64) -> Void)? = nil,
            closeAfter: (code: UInt16, reason: String)? = nil
        ) {
            plan.send(index, to: handle.connection, onWritten: onWritten.map(Self.erased), closeAfter: closeAfter)
        }

        /// Queues message `index` for each of `handles`, as `send(_:to:onWritten:)` does for one.
        /// An array, not any sequence: this module cannot specialize a generic sequence's loop for
        /// the caller's type, and a 10,000-player room's table iterated unspecialized here cost more
        /// than the rest of the batch.
        package mutating func send(_ index: Int, to handles: [WebSocketHandle], onWritten: (@Sendable (Handler, UInt64) -> Void)? = nil) {
            let erased = onWritten.map(Self.erased)
            for handle in handles { plan.send(index, to: handle.connection, onWritten: erased, closeAfter: nil) }
        }

        private static func erased(_ typed: @escaping @Sendable (Handler, UInt64) -> Void) -> @Sendable (AnyObject, UInt64) -> Void {
            // Every session of this server carries a `Handler` (see `session(of:)`).
            { handler, written in typed(unsafeDowncast(handler, to: Handler.self), written) }
        }
    }

    /// Sends a batch: one hop per loop.
    package static func send(_ batch: Batch) {
        let messages = batch.messages, links = batch.plan.links
        EventLoop.forEach(batch.plan.sends.lazy.map { ($0.connection, $0) }, perLoop: { messages }) { connection, send, messages in
            connection.handler?.sendShared(chainFrom: send.first, in: links, of: &messages, onWritten: send.onWritten,
                                           closeAfter: send.closeAfter)
        }
    }

    /// The connection's session. Every connection of a server carries that server's session type,
    /// and a handle reaches only its own server's loops (loops are compared by identity), so this is
    /// a plain pointer conversion; `unsafeDowncast` still checks it in debug builds. A checked cast to
    /// the generic class cost measurably per recipient of a 10,000-client broadcast.
    static func session(of connection: Connection) -> WebSocketSession<Handler>? {
        guard let handler = connection.handler else { return nil }
        return unsafeDowncast(handler as AnyObject, to: WebSocketSession<Handler>.self)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.connection == rhs.connection }
    package func hash(into hasher: inout Hasher) { hasher.combine(connection) }
}
