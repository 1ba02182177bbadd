import BuzzerWebSocket
import Logging

/// One connection's protocol handler: HTTP until the upgrade, then WebSocket, with the app's typed
/// handler on top. Loop-bound, not Sendable; the app never sees it (it holds a `WebSocketHandle`).
///
/// Owns the timeouts the pure codec cannot: the handshake deadline (slowloris), idle timeout with
/// keepalive pings (which also measure round-trip time), and the close-handshake deadline.
final class WebSocketSession<Handler: WebSocketHandler>: ConnectionHandler {
    /// Each phase carries its own data, so nothing is optional or force-unwrapped outside its phase.
    private enum State {
        /// Reading a request; the connection may have served `served` plain requests before (keep-alive).
        case http(HTTPState)
        /// Reading a request's body (`Content-Length` bytes).
        case body(BodyState)
        /// The app is working on the answer to a request with a body; what arrives meanwhile waits.
        case awaiting(served: Int, keepAlive: Bool, pending: [UInt8])
        /// An HTTP answer or refusal is flushing before the connection closes; input is ignored.
        case responding
        case open(OpenState)
        /// The WebSocket close handshake ended (or failed the connection): flushing, then closed.
        /// The handler is told once the socket is gone, with the handshake's code.
        case closing(Handler, code: UInt16)
        case closed
        /// Held only while the HTTP parser is mutated in place, so its buffer is uniquely referenced
        /// and not copied on write (swift-nio-http2's `avoidingStateMachineCoW`).
        case modifying
    }

    private struct HTTPState {
        var parser: HTTPRequestParser
        var deadline: UInt64
        var served: Int
    }

    private struct BodyState {
        var head: HTTPRequestHead
        var body: [UInt8]
        var expected: Int
        var deadline: UInt64
        var served: Int
    }

    /// A body must keep arriving at this rate at least, on top of the handshake time: a 10 MB upload
    /// on bar Wi-Fi gets its minutes, a slowloris body does not get forever.
    static var minimumBodyBytesPerSecond: Double { 32 * 1024 }

    /// The open phase's data. A class, so that every read and every send mutates the state machine
    /// where it lives: with a struct in the enum case, each one moved the whole machine out of the
    /// case and back (a retain and a release of each of its buffers), which cost the echo benchmark
    /// about 8% of its messages per second and the 10,000-client broadcast about 10% of its p50.
    private final class OpenState {
        var machine: WebSocketConnectionStateMachine
        let handler: Handler
        var lastReceive: UInt64
        var nextPing: UInt64
        /// Set once we sent Close: the peer must answer by then.
        var closeDeadline: UInt64?
        var roundTripNanos: UInt64?

        init(machine: WebSocketConnectionStateMachine, handler: Handler, lastReceive: UInt64, nextPing: UInt64) {
            self.machine = machine
            self.handler = handler
            self.lastReceive = lastReceive
            self.nextPing = nextPing
        }
    }

    private let context: WebSocketServerContext<Handler>
    private var state: State
    private var actions: [WebSocketAction] = []
    /// Strong, and dropped in `connectionDidClose` (the connection drops its handler in the same
    /// step): a `weak` reference gave every connection a side table, which put each retain and
    /// release of it, several per frame of a 2,000-player broadcast, on the runtime's slow path.
    private var connection: Connection?
    /// The loop's stream for no-context-takeover compression, shared by its connections.
    private let sharedDeflater: SharedDeflater?
    private var logger: Logger

    init(context: WebSocketServerContext<Handler>, connection: Connection) {
        self.context = context
        self.connection = connection
        self.sharedDeflater = context.sharedDeflater(on: connection.loop)
        var logger = context.logger
        logger[metadataKey: "connection"] = "\(connection.id)"
        logger[metadataKey: "remote"] = "\(connection.remoteAddress)"
        self.logger = logger
        state = .http(HTTPState(
            parser: HTTPRequestParser(config: context.config.websocket),
            deadline: MonotonicClock.after(seconds: context.config.timeouts.handshakeSeconds), served: 0))
    }

    // MARK: Application API (through WebSocketHandle)

    var handler: Handler? {
        if case .open(let open) = state { return open.handler }
        return nil
    }

    var roundTripNanos: UInt64? {
        if case .open(let open) = state { return open.roundTripNanos }
        return nil
    }

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
        guard let connection, case .open(let open) = state else { return }
        let bytes = open.machine.frameBytes(for: &message, sharedDeflater: sharedDeflater)
        guard let bytes else { return }
        if let onWritten {
            let handler = open.handler
            connection.write(bytes) { onWritten(handler, $0) }
        } else {
            connection.write(bytes)
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
            if let bytes = open.machine.frameBytes(for: &messages[index], sharedDeflater: sharedDeflater) { parts.append(bytes) }
        }
        if let onWritten {
            let handler = open.handler
            connection.write(parts: parts) { onWritten(handler, $0) }
        } else {
            connection.write(parts: parts)
        }
    }

    /// Starts the close handshake; the connection drops after the peer answers or `closeSeconds`.
    func close(code: UInt16, reason: String) {
        guard let connection else { return }
        switch state {
        case .open(let open):
            guard open.machine.isOpen else { return }
            actions.removeAll(keepingCapacity: true)
            open.machine.close(code: code, reason: reason, into: &actions)
            open.closeDeadline = MonotonicClock.after(seconds: context.config.timeouts.closeSeconds)
            logger.debug("closing", metadata: ["code": "\(code)", "reason": "\(reason)"])
            perform(actions, on: connection)
        case .http, .body, .awaiting:
            connection.closeNow(reason: .local)
        case .responding, .closing, .closed, .modifying:
            break
        }
    }

    // MARK: ConnectionHandler

    func connectionDidOpen(_ connection: Connection) {}

    func connection(_ connection: Connection, didRead bytes: UnsafeRawBufferPointer) {
        switch state {
        case .http(var http):
            state = .modifying
            switch http.parser.parse(bytes) {
            case .needMoreData:
                state = .http(http)
            case .failed(let error):
                state = .responding
                logger.debug("bad HTTP request", metadata: ["error": "\(error)"])
                if let response = error.response {
                    respond(response, on: connection)
                } else {
                    connection.closeAfterFlush()
                }
            case .complete(let head, let consumed):
                state = .responding
                handleRequest(head, served: http.served, rest: UnsafeRawBufferPointer(rebasing: bytes[consumed...]), on: connection)
            }
        case .open(let open):
            open.lastReceive = MonotonicClock.nanoseconds()
            actions.removeAll(keepingCapacity: true)
            open.machine.receive(bytes, into: &actions)
            perform(actions, on: connection)
        case .body(var reading):
            state = .modifying  // so the body's buffer is not shared with the state, and grows in place
            let take = min(bytes.count, reading.expected - reading.body.count)
            reading.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<take]))
            if reading.body.count < reading.expected {
                state = .body(reading)
            } else {
                dispatchWithBody(reading.head, body: reading.body, served: reading.served,
                                 rest: Array(UnsafeRawBufferPointer(rebasing: bytes[take...])), on: connection)
            }
        case .awaiting(let served, let keepAlive, var pending):
            state = .modifying
            pending.append(contentsOf: bytes)
            guard pending.count <= context.config.websocket.maxHeaderBytes else {
                connection.closeNow(reason: .local)
                return
            }
            state = .awaiting(served: served, keepAlive: keepAlive, pending: pending)
        case .responding, .closing, .closed, .modifying:
            break
        }
    }

    /// A request that is not GET or HEAD: answered at once if the app refuses it from its head;
    /// else its `Content-Length` body is read (refused past the app's limit, or sent chunked), and
    /// the app answers when its work is done.
    private func readBody(_ head: HTTPRequestHead, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        let limit: Int
        switch context.bodyDecision(head) {
        case .answer(let response):
            respond(response, on: connection)
            return
        case .read(let most):
            limit = most
        }
        if head.headers.contains(name: "Transfer-Encoding") {
            respond(.error(status: 411, message: "Send the body with a Content-Length; chunked request bodies are not accepted."), on: connection)
            return
        }
        let lengths = head.headers["Content-Length"].map { String($0.filter { $0 != " " && $0 != "\t" }) }
        let expected: Int
        if lengths.isEmpty {
            expected = 0
        } else if Set(lengths).count == 1, let value = lengths.first, !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  value.count <= 15, let length = Int(value) {
            expected = length
        } else {
            respond(.error(status: 400, message: "The Content-Length header is not one whole number."), on: connection)
            return
        }
        guard expected <= limit else {
            respond(.error(status: 413, message: limit == 0
                ? "\(head.method) \(head.path) takes no request body."
                : "The body is \(expected) bytes; \(head.path) takes at most \(limit)."), on: connection)
            return
        }
        if expected > 0, head.headers.first(name: "Expect")?.lowercased() == "100-continue" {
            connection.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let take = min(rest.count, expected)
        var body: [UInt8] = []
        body.reserveCapacity(expected)
        body.append(contentsOf: UnsafeRawBufferPointer(rebasing: rest[..<take]))
        if body.count == expected {
            dispatchWithBody(head, body: body, served: served, rest: Array(UnsafeRawBufferPointer(rebasing: rest[take...])), on: connection)
            return
        }
        let seconds = context.config.timeouts.handshakeSeconds + Double(expected) / Self.minimumBodyBytesPerSecond
        state = .body(BodyState(head: head, body: body, expected: expected, deadline: MonotonicClock.after(seconds: seconds), served: served))
    }

    /// Hands a whole request to the app and waits for its answer on this connection's loop.
    private func dispatchWithBody(_ head: HTTPRequestHead, body: [UInt8], served: Int, rest: [UInt8], on connection: Connection) {
        // The body has been read whole, so the next request starts right after it (`allowsKeepAlive`
        // says no to any body because the GET path never reads one).
        let keepAlive = head.version >= .http1_1 && !head.headers.containsToken("close", inHeader: "Connection")
        state = .awaiting(served: served, keepAlive: keepAlive, pending: rest)
        let handle = connection.handle
        context.respondLater(head, body, connection.remoteAddress) { response in
            handle.withConnection { connection in
                (connection.handler as? WebSocketSession<Handler>)?.answered(response, on: connection)
            }
        }
    }

    /// The app's answer to a request with a body: sent, then the connection goes on as after any request.
    private func answered(_ response: HTTPResponse, on connection: Connection) {
        guard case .awaiting(let before, let allowed, let pending) = state else { return }
        let served = before + 1
        if allowed, !response.closesConnection, served < WebSocketServer.maxRequestsPerConnection {
            pending.withUnsafeBytes { keepAlive(response, served: served, rest: $0, on: connection) }
        } else {
            respond(response, on: connection)
        }
    }

    private func handleRequest(_ head: HTTPRequestHead, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        switch WebSocketHandshake.evaluate(head, policy: context.policy) {
        case .notWebSocket where head.method != "GET" && head.method != "HEAD":
            readBody(head, served: served, rest: rest, on: connection)
        case .notWebSocket:
            var response = context.respond(head, connection.remoteAddress)
            if head.method == "HEAD" { response = response.withoutBody }
            let served = served + 1
            if head.allowsKeepAlive, !response.closesConnection, served < WebSocketServer.maxRequestsPerConnection {
                keepAlive(response, served: served, rest: rest, on: connection)
            } else {
                respond(response, on: connection)
            }
        case .reject(let response):
            logger.debug("upgrade refused", metadata: ["status": "\(response.status)", "path": "\(head.path)"])
            respond(response, on: connection)
        case .upgrade(let response, let subprotocol, let deflate):
            connection.write(response)
            let upgrade = WebSocketUpgrade<Handler>(
                handle: WebSocketHandle(connection.handle), request: head, subprotocol: subprotocol,
                remoteAddress: connection.remoteAddress, logger: logger)
            let now = MonotonicClock.nanoseconds()
            // The handler is made before the state is open, so nothing can reach it half-made; the
            // first ping goes out on the next tick (within 250 ms), not a whole interval later, so the
            // round-trip time that response times are corrected by is known before the player can
            // answer, also right after a reconnect.
            let handler = context.makeHandler(upgrade)
            state = .open(OpenState(
                machine: WebSocketConnectionStateMachine(config: context.config.websocket, deflate: deflate),
                handler: handler, lastReceive: now, nextPing: now))
            logger.debug("upgraded", metadata: ["path": "\(head.path)", "deflate": "\(deflate != nil)"])
            if !rest.isEmpty, connection.isOpen {
                self.connection(connection, didRead: rest)
            }
        }
    }

    /// Answers and waits for the next request on the same connection: a phone loading the player
    /// page fetches several files, and each new connection costs a round trip on bar Wi-Fi. An idle
    /// connection gets `handshakeSeconds` to send its next request, like a new one.
    private func keepAlive(_ response: HTTPResponse, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        var response = response
        let seconds = context.config.timeouts.handshakeSeconds
        response.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        response.headers.replaceOrAdd(name: "Keep-Alive", value: "timeout=\(max(1, Int(seconds)))")
        write(response, on: connection)
        state = .http(HTTPState(
            parser: HTTPRequestParser(config: context.config.websocket),
            deadline: MonotonicClock.after(seconds: seconds), served: served))
        // Pipelined requests already read: at most `WebSocketServer.maxRequestsPerConnection` deep.
        if !rest.isEmpty, connection.isOpen {
            self.connection(connection, didRead: rest)
        }
    }

    private func respond(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        response.headers.replaceOrAdd(name: "Connection", value: "close")
        write(response, on: connection)
        connection.closeAfterFlush()
    }

    /// Every HTTP answer but the 101 goes out here, so each carries the config's `responseHeaders`.
    private func write(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        for field in context.config.responseHeaders where !response.headers.contains(name: field.name) {
            response.headers.add(name: field.name, value: field.value)
        }
        connection.write(response.serialized())
    }

    private func perform(_ actions: [WebSocketAction], on connection: Connection) {
        for action in actions {
            switch action {
            case .deliver(let message):
                handler?.received(message)
            case .send(let bytes):
                connection.write(bytes)
            case .pong(let payload):
                measureRoundTrip(payload)
            case .closeTransport:
                guard case .open(let open) = state else { break }
                if let failure = open.machine.failure {
                    logger.debug("protocol error: failing the connection", metadata: ["error": "\(failure)", "code": "\(failure.closeCode)"])
                }
                state = .closing(open.handler, code: open.machine.closeCode ?? WebSocketCloseCode.abnormalClosure)
                connection.closeAfterFlush()
            }
        }
    }

    /// Our pings carry the monotonic send time; a pong echoing it gives the round trip.
    private func measureRoundTrip(_ payload: [UInt8]) {
        guard payload.count == 8, case .open(let open) = state else { return }
        var sent: UInt64 = 0
        for byte in payload { sent = sent << 8 | UInt64(byte) }
        let now = MonotonicClock.nanoseconds()
        guard sent <= now, now - sent < 60_000_000_000 else { return }
        open.roundTripNanos = now - sent
        open.handler.measuredRoundTrip(nanos: now - sent)
    }

    func connectionDidReadEOF(_ connection: Connection) {
        // Already finishing (an HTTP response or our Close reply is being flushing): a half-close is how
        // some clients end a request, so let the connection deliver what is queued; it closes after the flush.
        guard connection.isOpen else { return }
        // Between plain HTTP requests (keep-alive): the answers already queued still go out.
        if case .http = state {
            connection.closeAfterFlush()
            return
        }
        // A body cut short, or a half-close while the app answers: nothing more will come.
        if case .body = state {
            connection.closeNow(reason: .peerClosed)
            return
        }
        if case .awaiting = state { return }
        // A peer that half-closes without a Close frame has abandoned the session (RFC 6455 §7.1.5: 1006).
        connection.closeNow(reason: .peerClosed)
    }

    func connection(_ connection: Connection, tick now: UInt64) {
        switch state {
        case .http(let http):
            if now >= http.deadline {
                logger.debug("handshake timed out")
                connection.closeNow(reason: .timeout)
            }
        case .body(let reading):
            if now >= reading.deadline {
                logger.debug("request body timed out", metadata: ["read": "\(reading.body.count)", "expected": "\(reading.expected)"])
                connection.closeNow(reason: .timeout)
            }
        case .open(let open):
            if let closeDeadline = open.closeDeadline {
                if now >= closeDeadline { connection.closeNow(reason: .timeout) }
                return
            }
            let timeouts = context.config.timeouts
            if now &- open.lastReceive >= UInt64(timeouts.idleSeconds * 1e9) {
                close(code: 1001, reason: "idle timeout")
                return
            }
            guard context.pingIntervalNanos > 0, now >= open.nextPing else { return }
            open.nextPing = now &+ context.pingIntervalNanos
            let stamp = (0..<8).map { UInt8(truncatingIfNeeded: now >> (56 - 8 * UInt64($0))) }
            let ping = open.machine.ping(payload: stamp)
            if let ping { connection.write(ping) }
        case .responding, .closing, .closed, .modifying, .awaiting:
            break
        }
    }

    func connectionShouldShutDown(_ connection: Connection) {
        switch state {
        case .open:
            close(code: 1001, reason: "server shutting down")
        case .http, .body:
            connection.closeNow(reason: .shutdown)
        case .responding, .closing, .closed, .modifying, .awaiting:
            break
        }
    }

    func connectionDidClose(_ connection: Connection, reason: ConnectionCloseReason) {
        let handler: Handler?
        var code = WebSocketCloseCode.abnormalClosure
        switch state {
        case .open(let open):
            handler = open.handler
            code = open.machine.closeCode ?? code
            if let failure = open.machine.failure {
                logger.debug("protocol error", metadata: ["error": "\(failure)"])
            }
        case .closing(let closing, let closedWith):
            handler = closing
            code = closedWith
        case .http, .body, .awaiting, .responding, .closed, .modifying:
            handler = nil
        }
        state = .closed
        self.connection = nil
        if case .slowReader = reason {
            logger.debug("dropped a slow reader", metadata: ["reason": "\(reason)"])
        } else {
            logger.debug("connection closed", metadata: ["reason": "\(reason)"])
        }
        handler?.closed(reason: reason, code: code)
    }
}

/// What every session of one server shares; immutable.
struct WebSocketServerContext<Handler: WebSocketHandler>: Sendable {
    let config: WebSocketServerConfig
    let policy: HandshakePolicy
    let respond: @Sendable (HTTPRequestHead, String) -> HTTPResponse
    let bodyDecision: @Sendable (HTTPRequestHead) -> RequestBodyDecision
    let respondLater: @Sendable (HTTPRequestHead, [UInt8], String, @escaping @Sendable (HTTPResponse) -> Void) -> Void
    let makeHandler: @Sendable (WebSocketUpgrade<Handler>) -> Handler
    let pingIntervalNanos: UInt64
    let logger: Logger
    /// One no-context-takeover stream per loop, by loop index; none when compression is off.
    let sharedDeflaters: [LoopBound<SharedDeflater>]

    /// This loop's stream. Loop only.
    func sharedDeflater(on loop: EventLoop) -> SharedDeflater? {
        sharedDeflaters.isEmpty ? nil : sharedDeflaters[loop.index].value
    }
}
