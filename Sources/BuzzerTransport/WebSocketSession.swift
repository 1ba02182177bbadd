import BuzzerWebSocket

/// One connection's protocol handler: HTTP until the upgrade, then WebSocket. Loop-bound, not Sendable.
///
/// Owns the timeouts the pure codec cannot: the handshake deadline (slowloris), idle timeout with
/// keepalive pings (which also measure round-trip time), and the close-handshake deadline.
package final class WebSocketSession: ConnectionHandler {
    private enum Phase {
        case http(HTTPRequestParser)
        case websocket
        case closed
    }

    private let context: WebSocketServerContext
    private var phase: Phase
    private var machine: WebSocketConnectionStateMachine?
    private var actions: [WebSocketAction] = []
    /// Strong, and dropped in `connectionDidClose` (the connection drops its handler in the same
    /// step): a `weak` reference gave every connection a side table, which put each retain and
    /// release of it, several per frame of a 2,000-player broadcast, on the runtime's slow path.
    private var connection: Connection?
    private var handshakeDeadline: UInt64
    private var lastReceive: UInt64 = 0
    private var nextPing: UInt64 = 0
    private var closeDeadline: UInt64?
    private var opened = false
    private var requestsServed = 0

    /// Plain HTTP requests one connection may make; the last one is answered with `Connection: close`.
    package static let maxRequestsPerConnection = 100

    /// The request that opened this session.
    package private(set) var request: HTTPRequestHead?
    package private(set) var subprotocol: String?
    package private(set) var remoteAddress: String = ""
    /// Latest keepalive round trip, nanoseconds; nil until the first pong.
    package private(set) var roundTripNanos: UInt64?
    /// Free for the application: e.g. which room and player this session is.
    package var userInfo: AnyObject?
    package private(set) var handle: WebSocketHandle

    init(context: WebSocketServerContext, connection: Connection) {
        self.context = context
        self.phase = .http(HTTPRequestParser(config: context.config.websocket))
        self.connection = connection
        self.handle = WebSocketHandle(connection: connection.handle)
        self.handshakeDeadline = MonotonicClock.after(seconds: context.config.timeouts.handshakeSeconds)
    }

    // MARK: Application API

    /// Sends one message; dropped silently once the session is closing (RFC 6455 §5.5.1).
    package func send(_ message: OutboundMessage, onWritten: ((UInt64) -> Void)? = nil) {
        guard let connection, machine != nil, let bytes = machine!.frameBytes(for: message) else { return }
        connection.write(bytes, onWritten: onWritten)
    }

    /// Starts the close handshake; the connection drops after the peer answers or `closeSeconds`.
    package func close(code: UInt16, reason: String) {
        guard let connection else { return }
        guard machine != nil else {
            connection.closeNow(reason: .local)
            return
        }
        actions.removeAll(keepingCapacity: true)
        machine!.close(code: code, reason: reason, into: &actions)
        closeDeadline = MonotonicClock.after(seconds: context.config.timeouts.closeSeconds)
        perform(actions, on: connection)
    }

    // MARK: ConnectionHandler

    package func connectionDidOpen(_ connection: Connection) {
        remoteAddress = connection.remoteAddress
    }

    package func connection(_ connection: Connection, didRead bytes: UnsafeRawBufferPointer) {
        switch phase {
        case .http(var parser):
            switch parser.parse(bytes) {
            case .needMoreData:
                phase = .http(parser)
            case .failed(let error):
                phase = .closed
                respond(error.response, on: connection)
            case .complete(let head, let consumed):
                phase = .closed
                handleRequest(head, rest: UnsafeRawBufferPointer(rebasing: bytes[consumed...]), on: connection)
            }
        case .websocket:
            lastReceive = MonotonicClock.nanoseconds()
            actions.removeAll(keepingCapacity: true)
            machine!.receive(bytes, into: &actions)
            perform(actions, on: connection)
        case .closed:
            break
        }
    }

    private func handleRequest(_ head: HTTPRequestHead, rest: UnsafeRawBufferPointer, on connection: Connection) {
        switch WebSocketHandshake.evaluate(head, policy: context.policy) {
        case .notWebSocket:
            var response = context.delegate.httpRequest(head, remoteAddress: connection.remoteAddress)
            if head.method == "HEAD" { response = response.withoutBody }
            requestsServed += 1
            if head.allowsKeepAlive, !response.closesConnection, requestsServed < Self.maxRequestsPerConnection {
                keepAlive(response, rest: rest, on: connection)
            } else {
                respond(response, on: connection)
            }
        case .reject(let response):
            respond(response, on: connection)
        case .upgrade(let response, let subprotocol, let deflate):
            request = head
            self.subprotocol = subprotocol
            connection.write(response)
            machine = WebSocketConnectionStateMachine(config: context.config.websocket, deflate: deflate)
            phase = .websocket
            let now = MonotonicClock.nanoseconds()
            lastReceive = now
            // The first ping goes out on the next tick (within 250 ms), not a whole interval later, so
            // the round-trip time that response times are corrected by is known before the player can
            // answer, also right after a reconnect.
            nextPing = now
            opened = true
            context.delegate.websocketDidOpen(self)
            if !rest.isEmpty, connection.isOpen {
                self.connection(connection, didRead: rest)
            }
        }
    }

    /// Answers and waits for the next request on the same connection: a phone loading the player
    /// page fetches several files, and each new connection costs a round trip on bar Wi-Fi. An idle
    /// connection gets `handshakeSeconds` to send its next request, like a new one.
    private func keepAlive(_ response: HTTPResponse, rest: UnsafeRawBufferPointer, on connection: Connection) {
        var response = response
        let seconds = context.config.timeouts.handshakeSeconds
        response.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        response.headers.replaceOrAdd(name: "Keep-Alive", value: "timeout=\(max(1, Int(seconds)))")
        connection.write(response.serialized())
        phase = .http(HTTPRequestParser(config: context.config.websocket))
        handshakeDeadline = MonotonicClock.after(seconds: seconds)
        // Pipelined requests already read: at most `maxRequestsPerConnection` deep.
        if !rest.isEmpty, connection.isOpen {
            self.connection(connection, didRead: rest)
        }
    }

    private func respond(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        response.headers.replaceOrAdd(name: "Connection", value: "close")
        connection.write(response.serialized())
        connection.closeAfterFlush()
    }

    private func perform(_ actions: [WebSocketAction], on connection: Connection) {
        for action in actions {
            switch action {
            case .deliver(let message):
                context.delegate.websocket(self, didReceive: message)
            case .send(let bytes):
                connection.write(bytes)
            case .pong(let payload):
                measureRoundTrip(payload)
            case .closeTransport:
                phase = .closed
                connection.closeAfterFlush()
            }
        }
    }

    /// Our pings carry the monotonic send time; a pong echoing it gives the round trip.
    private func measureRoundTrip(_ payload: [UInt8]) {
        guard payload.count == 8 else { return }
        var sent: UInt64 = 0
        for byte in payload { sent = sent << 8 | UInt64(byte) }
        let now = MonotonicClock.nanoseconds()
        guard sent <= now, now - sent < 60_000_000_000 else { return }
        roundTripNanos = now - sent
        context.delegate.websocketDidMeasureRoundTrip(self)
    }

    package func connectionDidReadEOF(_ connection: Connection) {
        // Already finishing (an HTTP response or our Close reply is being flushed): a half-close is how
        // some clients end a request, so let the connection deliver what is queued; it closes after the flush.
        guard connection.isOpen else { return }
        // Between plain HTTP requests (keep-alive): the answers already queued still go out.
        if case .http = phase {
            connection.closeAfterFlush()
            return
        }
        // A peer that half-closes without a Close frame has abandoned the session (RFC 6455 §7.1.5: 1006).
        connection.closeNow(reason: .peerClosed)
    }

    package func connection(_ connection: Connection, tick now: UInt64) {
        switch phase {
        case .http:
            if now >= handshakeDeadline { connection.closeNow(reason: .timeout) }
        case .websocket:
            if let closeDeadline {
                if now >= closeDeadline { connection.closeNow(reason: .timeout) }
                return
            }
            let timeouts = context.config.timeouts
            if now &- lastReceive >= UInt64(timeouts.idleSeconds * 1e9) {
                close(code: 1001, reason: "idle timeout")
                return
            }
            if context.pingIntervalNanos > 0, now >= nextPing {
                nextPing = now &+ context.pingIntervalNanos
                let stamp = (0..<8).map { UInt8(truncatingIfNeeded: now >> (56 - 8 * UInt64($0))) }
                if let ping = machine!.ping(payload: stamp) { connection.write(ping) }
            }
        case .closed:
            break
        }
    }

    package func connectionShouldShutDown(_ connection: Connection) {
        if case .websocket = phase, machine?.isOpen == true {
            close(code: 1001, reason: "server shutting down")
        } else if case .http = phase {
            connection.closeNow(reason: .shutdown)
        }
    }

    package func connectionDidClose(_ connection: Connection, reason: ConnectionCloseReason) {
        phase = .closed
        self.connection = nil
        if opened {
            opened = false
            context.delegate.websocketDidClose(self, reason: reason)
        }
        userInfo = nil
    }
}

/// What every session of one server shares; immutable.
struct WebSocketServerContext: Sendable {
    let config: WebSocketServerConfig
    let policy: HandshakePolicy
    let delegate: any WebSocketServerDelegate
    let pingIntervalNanos: UInt64
}
