import BuzzerWebSocket

/// Sending: the app's messages framed for this connection and written, on the loop.
extension WebSocketSession {
    func send(_ message: OutboundMessage) {
        var message = message
        send(&message, onWritten: nil)
    }

    func send(_ message: OutboundMessage, onWritten: @escaping @Sendable (Handler, UInt64) -> Void) {
        var message = message
        send(&message, onWritten: onWritten)
    }

    /// Frames `message` for this connection (a broadcast passes the same `message` for every recipient
    /// on the loop, which keeps the compressed variant the first one made) and queues it.
    func send(_ message: inout OutboundMessage, onWritten: (@Sendable (Handler, UInt64) -> Void)?) {
        guard let connection, let bytes = frame(&message) else { return }
        if let onWritten {
            guard case .open(let open) = state else { return }
            let handler = open.handler
            connection.write(bytes) { onWritten(handler, $0) }
        } else {
            connection.write(bytes)
        }
    }

    /// `message` as this connection sends it; nil when it sends nothing now.
    func frame(_ message: inout OutboundMessage) -> [UInt8]? {
        switch sendMode {
        case .none: return nil
        case .plain: return message.plainFrame
        case .machine:
            guard case .open(let open) = state else { return nil }
            return open.machine.frameBytes(for: &message, sharedDeflater: sharedDeflater)
        }
    }

    /// Frames `messages[i]` for each of `indices`, in order, and writes them with one `writev`. Each
    /// message a no-context-takeover connection compresses keeps its compressed frame in `messages`,
    /// for the loop's other recipients of the same batch.
    func send(_ indices: some Sequence<Int>, of messages: inout [OutboundMessage], onWritten: (@Sendable (AnyObject, UInt64) -> Void)?) {
        guard let connection, case .open(let open) = state else { return }
        var parts: [[UInt8]] = []
        parts.reserveCapacity(2)
        for index in indices {
            if let bytes = frame(&messages[index]) { parts.append(bytes) }
        }
        if let onWritten {
            let handler = open.handler
            connection.write(parts: parts) { onWritten(handler, $0) }
        } else {
            connection.write(parts: parts)
        }
    }

    var sendsPlainFrames: Bool { sendMode == .plain && connection != nil }

    func sendShared(_ message: inout OutboundMessage) {
        send(&message, onWritten: nil)
    }

    func sendShared(chainFrom first: Int, in links: [BatchPlan.Link], of messages: inout [OutboundMessage],
                    onWritten: (@Sendable (AnyObject, UInt64) -> Void)?, closeAfter: (code: UInt16, reason: String)?) {
        send(BatchPlan.chain(from: first, in: links), of: &messages, onWritten: onWritten)
        if let closeAfter { close(code: closeAfter.code, reason: closeAfter.reason) }
    }
}
