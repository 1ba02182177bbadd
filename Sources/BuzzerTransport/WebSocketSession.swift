import BuzzerWebSocket
import Logging

/// One connection's protocol handler: HTTP until the upgrade, then WebSocket, with the app's typed
/// handler on top. Loop-bound, not Sendable; the app never sees it (it holds a `WebSocketHandle`).
///
/// Owns the timeouts the pure codec cannot: the handshake deadline (slowloris), idle timeout with
/// keepalive pings (which also measure round-trip time), and the close-handshake deadline.
final class WebSocketSession<Handler: WebSocketHandler>: ConnectionHandler {
    /// Each phase carries its own data, so nothing is optional or force-unwrapped outside its phase.
    enum State {
        /// Reading a request; the connection may have served `served` plain requests before (keep-alive).
        /// Boxed, as is `body`: their parser and request head are most of the state's size, and an
        /// open WebSocket (which holds only a reference) should not carry their room for its life.
        indirect case http(HTTPState)
        /// Reading a request's body (`Content-Length` bytes).
        indirect case body(BodyState)
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

    struct HTTPState {
        var parser: HTTPRequestParser
        var deadline: UInt64
        var served: Int
    }

    struct BodyState {
        var head: HTTPRequestHead
        var body: [UInt8]
        var expected: Int
        var deadline: UInt64
        var served: Int
    }

    struct AwaitingState {
        var served: Int
        var keepAlive: Bool
        /// A HEAD request: the answer's head only.
        var isHead: Bool
        var pending: [UInt8]
        /// The peer half-closed: after this answer the connection closes.
        var peerClosed = false
    }

    /// A class, so that each piece mutates the state where it lives.
    final class StreamState {
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
    final class OpenState {
        var machine: WebSocketConnectionStateMachine
        let handler: Handler
        var lastReceive: UInt64
        var nextPing: UInt64
        /// Set once we sent Close: the peer must answer by then.
        var closeDeadline: UInt64?
        var roundTrip = RoundTripEstimator()

        init(machine: WebSocketConnectionStateMachine, handler: Handler, lastReceive: UInt64, nextPing: UInt64) {
            self.machine = machine
            self.handler = handler
            self.lastReceive = lastReceive
            self.nextPing = nextPing
        }
    }

    /// How `send` frames a message, kept beside the state so a broadcast's hot path reads one field of
    /// the session instead of the open state's machine (another object, and a retain to reach it):
    /// not at all (not open, or the close handshake is under way), the message's plain frame, or
    /// through the machine (permessage-deflate). `refreshSendMode` after every change of either.
    enum SendMode { case none, plain, machine }

    let context: WebSocketServerContext<Handler>
    var state: State { didSet { refreshSendMode() } }
    private(set) var sendMode = SendMode.none
    var actions: [WebSocketAction] = []
    /// Strong, and dropped in `connectionDidClose` (the connection drops its handler in the same
    /// step): a `weak` reference gave every connection a side table, which put each retain and
    /// release of it, several per frame of a 2,000-player broadcast, on the runtime's slow path.
    var connection: Connection?
    /// The loop's stream for no-context-takeover compression, shared by its connections.
    let sharedDeflater: SharedDeflater?
    let connectionID: UInt64
    /// Whose requests these are, for the log: the peer, or from a trusted proxy the client it names
    /// (`clientAddress(of:on:)`), with the proxy's own address.
    var loggedClient: String
    var loggedProxy: String?

    init(context: WebSocketServerContext<Handler>, connection: Connection) {
        self.context = context
        self.connection = connection
        self.sharedDeflater = context.sharedDeflater(on: connection.loop)
        connectionID = connection.id
        loggedClient = connection.remoteAddress
        state = .http(HTTPState(
            parser: HTTPRequestParser(config: context.config.websocket),
            deadline: MonotonicClock.after(seconds: context.config.timeouts.handshakeSeconds), served: 0))
    }

    /// The server's logger with this connection's `connection`, `remote` and `proxy` metadata. Made
    /// when a line is logged, not kept: most connections log nothing at the shipped level, and a
    /// logger with its own metadata cost each of 10,000 connections about 450 bytes.
    var logger: Logger {
        var logger = context.logger
        logger[metadataKey: "connection"] = "\(connectionID)"
        logger[metadataKey: "remote"] = "\(loggedClient)"
        if let loggedProxy { logger[metadataKey: "proxy"] = "\(loggedProxy)" }
        return logger
    }

    /// Logs `message` at `level` with the connection's metadata, building it only if the line is logged.
    func log(_ level: Logger.Level, _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata? = nil) {
        guard context.logger.logLevel <= level else { return }
        logger.log(level: level, message(), metadata: metadata())
    }

    // MARK: Application API (through WebSocketHandle)

    var handler: Handler? {
        if case .open(let open) = state { return open.handler }
        return nil
    }

    var roundTripNanos: UInt64? {
        if case .open(let open) = state { return open.roundTrip.estimate }
        return nil
    }

    func refreshSendMode() {
        if case .open(let open) = state, open.machine.sendsFrames {
            sendMode = open.machine.compresses ? .machine : .plain
        } else {
            sendMode = .none
        }
        connection?.refreshDirect()
    }

    /// Starts the close handshake; the connection drops after the peer answers or `closeSeconds`.
    func close(code: UInt16, reason: String) {
        guard let connection else { return }
        switch state {
        case .open(let open):
            guard open.machine.isOpen else { return }
            actions.removeAll(keepingCapacity: true)
            open.machine.close(code: code, reason: reason, into: &actions)
            refreshSendMode()
            open.closeDeadline = MonotonicClock.after(seconds: context.config.timeouts.closeSeconds)
            connection.nextTick(notBefore: 0)
            log(.debug, "closing", metadata: ["code": "\(code)", "reason": "\(reason)"])
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
                log(.debug, "bad HTTP request", metadata: ["error": "\(error)"])
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
            refreshSendMode()
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

    func perform(_ actions: [WebSocketAction], on connection: Connection) {
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
                    log(.debug, "protocol error: failing the connection", metadata: ["error": "\(failure)", "code": "\(failure.closeCode)"])
                }
                state = .closing(open.handler, code: open.machine.closeCode ?? WebSocketCloseCode.abnormalClosure)
                // The peer's Close arrived (the handshake is done both ways): it sends nothing more.
                // After a protocol error it may still be sending, and the linger keeps our Close safe.
                connection.closeAfterFlush(peerIsDone: open.machine.failure == nil && open.machine.peerClosed)
            }
        }
    }

    /// A pong that echoes our outstanding ping gives a round trip (`RoundTripEstimator`); any other is ignored.
    func measureRoundTrip(_ payload: [UInt8]) {
        guard case .open(let open) = state, let connection else { return }
        let bounded = context.roundTripSource == .kernel
        let estimate = open.roundTrip.pongReceived(payload, at: MonotonicClock.nanoseconds()) {
            bounded ? connection.kernelRoundTripNanos : nil
        }
        if let estimate { open.handler.measuredRoundTrip(nanos: estimate) }
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
                log(.debug, "handshake timed out")
                connection.closeNow(reason: .timeout)
            }
        case .streaming:
            // A reader that takes no byte of the body for `handshakeSeconds` has stalled: bounded like a
            // slowloris request, since the piece-by-piece body never reaches the outbound limit.
            if connection.queuedBytes > 0, now &- connection.outboundProgressAt >= UInt64(context.config.timeouts.handshakeSeconds * 1e9) {
                log(.debug, "a streamed response stalled", metadata: ["queued": "\(connection.queuedBytes)"])
                connection.closeNow(reason: .timeout)
            }
        case .body(let reading):
            if now >= reading.deadline {
                log(.debug, "request body timed out", metadata: ["read": "\(reading.body.count)", "expected": "\(reading.expected)"])
                connection.closeNow(reason: .timeout)
            }
        case .open(let open):
            if let closeDeadline = open.closeDeadline {
                if now >= closeDeadline { connection.closeNow(reason: .timeout) }
                return
            }
            let idleNanos = UInt64(context.config.timeouts.idleSeconds * 1e9)
            if now &- open.lastReceive >= idleNanos {
                close(code: 1001, reason: "idle timeout")
                return
            }
            let pings = context.pingIntervalNanos > 0
            if pings, now >= open.nextPing {
                open.nextPing = now &+ context.pingIntervalNanos
                // A nonce, not the clock: a pong can echo only the ping it answers, and learns nothing from it.
                let nonce = UInt64.random(in: .min ... .max)
                guard let ping = open.machine.ping(payload: RoundTripEstimator.payload(nonce)) else { return }
                open.roundTrip.pingSent(nonce: nonce, at: now)
                connection.write(ping)
            }
            // Nothing to check before the idle limit or the next ping. Input only moves the idle limit
            // later, so the time worked out from this `lastReceive` is never too late; `close` asks for
            // every tick again.
            let (idleAt, overflow) = open.lastReceive.addingReportingOverflow(idleNanos)
            connection.nextTick(notBefore: min(overflow ? .max : idleAt, pings ? open.nextPing : .max))
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
                log(.debug, "protocol error", metadata: ["error": "\(failure)"])
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
            log(.debug, "dropped a slow reader", metadata: ["reason": "\(reason)"])
        } else if case .badProxyHeader = reason {
            // Only a trusted proxy's header is read: a broken one is the operator's to fix.
            log(.warning, "closed a connection from a trusted proxy", metadata: ["reason": "\(reason)"])
        } else {
            log(.debug, "connection closed", metadata: ["reason": "\(reason)"])
        }
        handler?.closed(reason: reason, code: code)
    }
}
