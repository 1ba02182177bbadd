import BuzzerWebSocket

/// A Sendable reference to a WebSocket session, usable from any thread: sends hop to the session's loop.
package struct WebSocketHandle: Sendable, Hashable {
    package let connection: ConnectionHandle

    package var id: UInt64 { connection.id }
    package var loop: EventLoop { connection.loop }

    /// Sends on the session's loop; when already there, at once.
    package func send(_ message: OutboundMessage) {
        connection.withConnection { ($0.handler as? WebSocketSession)?.send(message) }
    }

    /// Queues the send behind work already scheduled on the loop, even when called from that loop:
    /// keeps a reply after a broadcast that was just dispatched to the same loop.
    package func sendLater(_ message: OutboundMessage) {
        let loop = connection.loop, id = connection.id
        loop.execute { (loop.connection(id)?.handler as? WebSocketSession)?.send(message) }
    }

    package func close(code: UInt16, reason: String) {
        connection.withConnection { ($0.handler as? WebSocketSession)?.close(code: code, reason: reason) }
    }

    /// Sends one encoded message to many sessions: one hop per loop, the frame bytes shared by all.
    package static func broadcast(_ message: OutboundMessage, to handles: some Sequence<WebSocketHandle>) {
        EventLoop.forEach(handles.lazy.map(\.connection)) { connection in
            (connection.handler as? WebSocketSession)?.send(message)
        }
    }
}
