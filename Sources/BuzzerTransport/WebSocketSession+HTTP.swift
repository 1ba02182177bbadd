import BuzzerWebSocket
import Logging

/// Plain HTTP on a session before any upgrade: request bodies, answers (streamed ones too) and keep-alive.
extension WebSocketSession {
    /// A request that is not GET or HEAD: answered at once if the app refuses it from its head;
    /// else its `Content-Length` body is read (refused past the app's limit, or sent chunked), and
    /// the app answers when its work is done.
    func readBody(_ head: HTTPRequestHead, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
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
    func dispatchWithBody(_ head: HTTPRequestHead, body: [UInt8], served: Int, rest: [UInt8], on connection: Connection) {
        // The body has been read whole, so the next request starts right after it (`allowsKeepAlive`
        // says no to any body because the GET path never reads one).
        let keepAlive = head.version >= .http1_1 && !head.headers.containsToken("close", inHeader: "Connection")
        dispatch(head, body: body, served: served, keepAlive: keepAlive, rest: rest, on: connection)
    }

    /// Hands a request to the app, which answers through the responder at once or later from
    /// another queue; the session waits for it on this connection's loop. GET included: the
    /// transport never waits for the app's answer, so a page read from disk cannot stall the loop.
    func dispatch(_ head: HTTPRequestHead, body: [UInt8], served: Int, keepAlive: Bool, rest: [UInt8], on connection: Connection) {
        state = .awaiting(AwaitingState(served: served, keepAlive: keepAlive, isHead: head.method == "HEAD", pending: rest))
        let handle = connection.handle
        context.respond(head, body, clientAddress(of: head, on: connection), HTTPResponder { reply in
            handle.withConnection { connection in
                (connection.handler as? WebSocketSession<Handler>)?.answered(reply, on: connection)
            }
        })
    }

    /// A piece of a streamed body is asked for once fewer than this many bytes are queued, and is at
    /// most this long: one piece in flight and one queued stay well within `outboundHighWaterBytes`.
    var pieceBytes: Int {
        max(512, min(256 << 10, context.config.transport.outboundHighWaterBytes / 4))
    }

    /// The app's answer: sent, then the connection goes on as after any request. A body that would
    /// fill much of the outbound limit goes out in pieces, as one the app streams does.
    func answered(_ reply: HTTPReply, on connection: Connection) {
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
    func pump(_ stream: StreamState, on connection: Connection) {
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

    func streamed(_ bytes: [UInt8]?, expected: Int, on connection: Connection) {
        guard case .streaming(let stream) = state, stream.reading else { return }
        stream.reading = false
        guard let bytes, bytes.count == expected else {
            // The head promised a length: a short body must end the connection, not the next answer.
            log(.debug, "a streamed response body could not be read", metadata: ["offset": "\(stream.offset)"])
            connection.closeNow(reason: .local)
            return
        }
        stream.offset += expected
        connection.write(bytes)
        pump(stream, on: connection)
    }

    /// The client's address for one request: the connection's (after any PROXY header), or, from a
    /// trusted proxy, the one its `server.forwardedHeader` names. Per request, since a proxy's kept-alive
    /// connection carries many clients' requests. The logger says whose request it is from here on.
    func clientAddress(of head: HTTPRequestHead, on connection: Connection) -> String {
        let client = context.proxies.clientAddress(peer: connection.remoteAddress, headers: head.headers)
        loggedClient = client
        loggedProxy = client == connection.peerAddress ? nil : connection.peerAddress
        return client
    }

    func handleRequest(_ head: HTTPRequestHead, served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        // An absolute-form target (`GET http://host/path`) must name this server: anything else is a
        // request for another host (an open-proxy probe), not a path of ours.
        if head.authority != nil, !head.namesOwnHost(publicURL: context.config.server.publicURL, localAddress: connection.localAddress) {
            log(.debug, "request for another host", metadata: ["authority": "\(head.authority ?? "")"])
            respond(.error(status: 400, message: "This server answers for its own address only, not \(head.authority ?? ""); send the path alone (GET /path), or set server.publicURL to the name clients use."), on: connection)
            return
        }
        switch WebSocketHandshake.evaluate(head, policy: context.policy) {
        case .notWebSocket where head.method != "GET" && head.method != "HEAD":
            readBody(head, served: served, rest: rest, on: connection)
        case .notWebSocket:
            dispatch(head, body: [], served: served, keepAlive: head.allowsKeepAlive, rest: Array(rest), on: connection)
        case .reject(let response):
            log(.debug, "upgrade refused", metadata: ["status": "\(response.status)", "path": "\(head.path)"])
            respond(response, on: connection)
        case .upgrade(let response, let subprotocol, let deflate):
            connection.write(response)
            let upgrade = WebSocketUpgrade<Handler>(
                handle: WebSocketHandle(connection.handle), request: head, subprotocol: subprotocol,
                remoteAddress: clientAddress(of: head, on: connection), baseLogger: context.logger, connectionID: connectionID,
                proxy: loggedProxy)
            let now = MonotonicClock.nanoseconds()
            // The handler is made before the state is open, so nothing can reach it half-made; the
            // first ping goes out on the next tick (within 250 ms), not a whole interval later, so the
            // round-trip time that response times are corrected by is known before the player can
            // answer, also right after a reconnect.
            let handler = context.makeHandler(upgrade)
            state = .open(OpenState(
                machine: WebSocketConnectionStateMachine(config: context.config.websocket, deflate: deflate),
                handler: handler, lastReceive: now, nextPing: now))
            log(.debug, "upgraded", metadata: ["path": "\(head.path)", "deflate": "\(deflate != nil)"])
            if !rest.isEmpty, connection.isOpen {
                self.connection(connection, didRead: rest)
            }
        }
    }

    /// Answers and waits for the next request on the same connection: a phone loading the player
    /// page fetches several files, and each new connection costs a round trip on bar Wi-Fi. An idle
    /// connection gets `handshakeSeconds` to send its next request, like a new one.
    func writeKeptAlive(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        response.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        response.headers.replaceOrAdd(name: "Keep-Alive", value: "timeout=\(max(1, Int(context.config.timeouts.handshakeSeconds)))")
        write(response, on: connection)
    }

    /// Reads the connection's next request once the previous answer is out (or queued).
    func readNext(served: Int, rest: UnsafeRawBufferPointer, on connection: Connection) {
        state = .http(HTTPState(
            parser: HTTPRequestParser(config: context.config.websocket),
            deadline: MonotonicClock.after(seconds: context.config.timeouts.handshakeSeconds), served: served))
        // Pipelined requests already read: at most `WebSocketServer.maxRequestsPerConnection` deep.
        if !rest.isEmpty, connection.isOpen {
            self.connection(connection, didRead: rest)
        }
    }

    func respond(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        response.headers.replaceOrAdd(name: "Connection", value: "close")
        write(response, on: connection)
        connection.closeAfterFlush()
    }

    /// Every HTTP answer but the 101 goes out here, so each carries the config's `responseHeaders`.
    func write(_ response: HTTPResponse, on connection: Connection) {
        var response = response
        for field in context.config.responseHeaders where !response.headers.contains(name: field.name) {
            response.headers.add(name: field.name, value: field.value)
        }
        connection.write(response.serialized())
    }
}
