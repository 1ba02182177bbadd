/// A complete inbound data message: text (already validated as UTF-8) or binary.
package struct WebSocketMessage: Sendable, Equatable {
    /// `.text` or `.binary`.
    package var opcode: WebSocketOpcode
    package var payload: [UInt8]

    package init(opcode: WebSocketOpcode, payload: [UInt8]) {
        self.opcode = opcode
        self.payload = payload
    }

    /// The payload as a string. Text messages were validated on receipt (RFC 6455 §8.1), so nothing is replaced.
    package var text: String { String(decoding: payload, as: UTF8.self) }
}

/// What the transport must do after feeding bytes to `WebSocketConnectionStateMachine`, in order.
package enum WebSocketAction: Sendable, Equatable {
    /// Hand a complete message to the application.
    case deliver(WebSocketMessage)
    /// Write these bytes to the socket (queued after anything sent before).
    case send([UInt8])
    /// A pong arrived (reply to our keepalive ping, or unsolicited: RFC 6455 §5.5.3 says ignore it); for RTT.
    case pong(payload: [UInt8])
    /// Flush what was queued by `.send`, then close the TCP connection. The server closes first (§7.1.1).
    case closeTransport
}
