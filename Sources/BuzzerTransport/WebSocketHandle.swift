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
        connection.withConnection { Self.session(of: $0)?.send(message) }
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
    /// loop one compressed variant) shared by all. `onWritten`, if given, runs per recipient as in `send`.
    package static func broadcast(
        _ message: OutboundMessage, to handles: some Sequence<WebSocketHandle>,
        onWritten: (@Sendable (Handler, UInt64) -> Void)? = nil
    ) {
        EventLoop.forEach(handles.lazy.map(\.connection)) { connections in
            var message = message
            for connection in connections {
                session(of: connection)?.send(&message, onWritten: onWritten)
            }
        }
    }

    /// One connection's own message in a batch (a reveal's results, an acknowledgement, a kick).
    package struct Outgoing: Sendable {
        package var handle: WebSocketHandle
        package var message: OutboundMessage
        /// As in `send(_:onWritten:)`.
        package var onWritten: (@Sendable (Handler, UInt64) -> Void)?
        /// Starts the close handshake right after the message.
        package var closeAfter: (code: UInt16, reason: String)?

        package init(handle: WebSocketHandle, message: OutboundMessage, onWritten: (@Sendable (Handler, UInt64) -> Void)? = nil, closeAfter: (code: UInt16, reason: String)? = nil) {
            self.handle = handle
            self.message = message
            self.onWritten = onWritten
            self.closeAfter = closeAfter
        }
    }

    /// Sends each connection its own messages: one hop per loop, and each connection gets its
    /// messages in the batch's order.
    package static func send(_ batch: some Sequence<Outgoing>) {
        EventLoop.forEach(batch.lazy.map { ($0.handle.connection, $0) }) { connection, outgoing in
            guard let session = session(of: connection) else { return }
            var message = outgoing.message
            session.send(&message, onWritten: outgoing.onWritten)
            if let close = outgoing.closeAfter { session.close(code: close.code, reason: close.reason) }
        }
    }

    /// The connections of one server all carry this handler type's session.
    static func session(of connection: Connection) -> WebSocketSession<Handler>? {
        connection.handler as? WebSocketSession<Handler>
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.connection == rhs.connection }
    package func hash(into hasher: inout Hasher) { hasher.combine(connection) }
}
