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
        /// The app is working on a request's answer; what arrives meanwhile waits.
        case awaiting(AwaitingState)
        /// A response body goes out a piece at a time as the socket drains; what arrives meanwhile waits.
        case streaming(StreamState)
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

    private struct AwaitingState {
        var served: Int
        var keepAlive: Bool
        /// A HEAD request: the answer's head only.
        var isHead: Bool
        var pending: [UInt8]
        /// The peer half-closed: after this answer the connection closes.
        var peerClosed = false
    }

    /// A class, so that each piece mutates the state where it lives.
    private final class StreamState {
        let source: any HTTPBodySource
        var offset = 0
        /// A piece has been asked of the source and not yet written.
        var reading = false
        let served: Int
        let keepAlive: Bool
        var pending: [UInt8]
        var peerClosed: Bool

        init(source: any HTTPBodySource, served: Int, keepAlive: Bool, pending: [UInt8], peerClosed: Bool) {
            self.source = source
            self.served = served
            self.keepAlive = keepAlive
            self.pending = pending
            self.peerClosed = peerClosed
        }
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
        case .http, .body, .awaiting, .streaming:
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
        case .awaiting(var waiting):
            state = .modifying
            waiting.pending.append(contentsOf: bytes)
            guard waiting.pending.count <= context.config.websocket.maxHeaderBytes else {
                connection.closeNow(reason: .local)
                return
            }
            state = .awaiting(waiting)
        case .streaming(let stream):
            stream.pending.append(contentsOf: bytes)
            if stream.pending.count > context.config.websocket.maxHeaderBytes { connection.closeNow(reason: .local) }
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

    /// A request with its whole body (read to its `Content-Length`).
    private func dispatchWithBody(_ head: HTTPRequestHead, body: [UInt8], served: Int, rest: [UInt8], on connection: Connection) {
        // The body has been read whole, so the next request starts right after it (`allowsKeepAlive`
        // says no to any body because the GET path never reads one).
        let keepAlive = head.version >= .http1_1 && !head.headers.containsToken("close", inHeader: "Connection")
        dispatch(head, body: body, served: served, keepAlive: keepAlive, rest: rest, on: connection)
    }

    /// Hands a request to the app, which answers through the responder at once or later from
    /// another queue; the session waits for it on this connection's loop. GET included: the
    /// transport never waits for the app's answer, so a page read from disk cannot stall the loop.
    private func dispatch(_ head: HTTPRequestHead, body: [UInt8], served: Int, keepAlive: Bool, rest: [UInt8], on connection: Connection) {
        state = .awaiting(AwaitingState(served: served, keepAlive: keepAlive, isHead: head.method == "HEAD", pending: rest))
        let handle = connection.handle
        context.respond(head, body, connection.remoteAddress, HTTPResponder { reply in
            handle.withConnection { connection in
                (connection.handler as? WebSocketSession<Handler>)?.answered(reply, on: connection)
            }
        })
    }

    /// A piece of a streamed body is asked for once fewer than this many bytes are queued, and is at
    /// most this long: one piece in flight and one queued stay well within `outboundHighWaterBytes`.
    private var pieceBytes: Int {
        max(512, min(256 << 10, context.config.transport.outboundHighWaterBytes / 4))
    }

    /// The app's answer: sent, then the connection goes on as after any request. A body that would
    /// fill much of the outbound limit goes out in pieces, as one the app streams does.
    private func answered(_ reply: HTTPReply, on connection: Connection) {
        guard case .awaiting(let waiting) = state else { return }
        let served = waiting.served + 1
        var head = reply.head
        let keep = waiting.keepAlive && !waiting.peerClosed && !head.closesConnection && served < WebSocketServer.maxRequestsPerConnection
        var source = reply.body
        if source == nil, head.body.count > context.config.transport.outboundHighWaterBytes / 2 {
            source = BytesBodySource(bytes: head.body)
        }
        if let streamed = source {
            head.body = []
            head.headers.replaceOrAdd(name: "Content-Length", value: "\(streamed.count)")
            if waiting.isHead || streamed.count == 0 { source = nil }
        } else if waiting.isHead {
            head = head.withoutBody
        }
        guard let source else {
            if keep {
                writeKeptAlive(head, on: connection)
                waiting.pending.withUnsafeBytes { readNext(served: served, rest: $0, on: connection) }
            } else {
                respond(head, on: connection)
            }
            return
        }
        if keep { writeKeptAlive(head, on: connection) } else {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            write(head, on: connection)
        }
        let stream = StreamState(source: source, served: served, keepAlive: keep, pending: waiting.pending, peerClosed: waiting.peerClosed)
        state = .streaming(stream)
        pump(stream, on: connection)
    }

    /// Asks for the next piece once the queue has drained enough, or ends the response.
    private func pump(_ stream: StreamState, on connection: Connection) {
        guard case .streaming(let current) = state, current === stream, !stream.reading else { return }
        guard stream.offset < stream.source.count else {
            if stream.keepAlive, !stream.peerClosed {
                stream.pending.withUnsafeBytes { readNext(served: stream.served, rest: $0, on: connection) }
            } else {
                state = .responding
                connection.closeAfterFlush()
            }
            return
        }
        stream.reading = true
        let count = min(pieceBytes, stream.source.count - stream.offset)
        connection.whenQueued(below: pieceBytes) {
            let loop = connection.loop, id = connection.id
            stream.source.read(offset: stream.offset, count: count) { bytes in
                // Always a later turn of the loop, even from a source that answers at once: no recursion.
                loop.execute {
                    guard let connection = loop.connection(id) else { return }
                    (connection.handler as? WebSocketSession<Handler>)?.streamed(bytes, expected: count, on: connection)
                }
            }
        }
    }

    private func streamed(_ bytes: [UInt8]?, expected: Int, on connection: Connection) {
        guard case .streaming(let stream) = state, stream.reading else { return }
        stream.reading = false
        guard let bytes, bytes.count == expected else {
            // The head promised a length: a short body must end the connection, not the next answer.
            logger.debug("a streamed response body could not be read", metadata: ["offset": "\(stream.offset)"])
            connection.closeNow(reason: .local)
            return
        }
        stream.offset += expected
        connection.write(bytes)
        pump(stream, on: connection)
    }

    private func handleRequest(_ head: HTTPRequestHead, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        switch WebSocketHandshake.evaluate(head, policy: context.policy) {
        case .notWebSocket where head.method != "GET" && head.method != "HEAD":
            readBody(head, served: served, rest: rest, on: connection)
        case .notWebSocket:
            dispatch(head, body: [], served: served, keepAlive: head.allowsKeepAlive, rest: Array(rest), on: connection)
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
    private func writeKeptAlive(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        response.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        response.headers.replaceOrAdd(name: "Keep-Alive", value: "timeout=\(max(1, Int(context.config.timeouts.handshakeSeconds)))")
        write(response, on: connection)
    }

    /// Reads the connection's next request once the previous answer is out (or queued).
    private func readNext(served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        state = .http(HTTPState(
            parser: HTTPRequestParser(config: context.config.websocket),
            deadline: MonotonicClock.after(seconds: context.config.timeouts.handshakeSeconds), served: served))
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
        // A half-close while the app answers or a body streams: the answer still goes out whole.
        switch state {
        case .awaiting(var waiting):
            waiting.peerClosed = true
            state = .awaiting(waiting)
            return
        case .streaming(let stream):
            stream.peerClosed = true
            return
        default:
            break
        }
        // A peer that half-closes without a Close frame has abandoned the session (RFC 6455 §7.1.5: 1006).
        connection.closeNow(reason: .peerClosed)
    }

    func connection(_ connection: Connection, tick now: UInt64) {
        switch state {
        case .http(let http):
            // The previous answer may still be flowing to a slow reader: that is not an idle connection.
            let handshakeNanos = UInt64(context.config.timeouts.handshakeSeconds * 1e9)
            if now >= http.deadline, connection.queuedBytes == 0 || now &- connection.outboundProgressAt >= handshakeNanos {
                logger.debug("handshake timed out")
                connection.closeNow(reason: .timeout)
            }
        case .streaming:
            // A reader that takes no byte of the body for `handshakeSeconds` has stalled: bounded like a
            // slowloris request, since the piece-by-piece body never reaches the outbound limit.
            if connection.queuedBytes > 0, now &- connection.outboundProgressAt >= UInt64(context.config.timeouts.handshakeSeconds * 1e9) {
                logger.debug("a streamed response stalled", metadata: ["queued": "\(connection.queuedBytes)"])
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
        case .http, .body, .streaming:
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
        case .http, .body, .awaiting, .streaming, .responding, .closed, .modifying:
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
    let bodyDecision: @Sendable (HTTPRequestHead) -> RequestBodyDecision
    let respond: @Sendable (HTTPRequestHead, [UInt8], String, HTTPResponder) -> Void
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
