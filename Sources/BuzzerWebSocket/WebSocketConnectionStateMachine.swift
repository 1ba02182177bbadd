/// One server-side WebSocket connection after the handshake, as a pure state machine:
/// bytes in, `WebSocketAction`s out. No I/O and no clocks; the transport owns the socket and the
/// timeouts (idle, keepalive, close handshake) and performs the actions in order.
///
/// Holds zlib streams (classes) when permessage-deflate is on, so a copy shares them: keep exactly one
/// instance per connection, owned by that connection's event loop.
package struct WebSocketConnectionStateMachine {
    enum State {
        /// Messages flow both ways.
        case open
        /// We sent a Close frame and wait for the peer's (RFC 6455 §7.1.2); data is ignored.
        case closing
        /// Close exchange done or connection failed; `.closeTransport` was emitted. Input is ignored.
        case closed
    }

    private(set) var state: State = .open
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler
    /// Whether the frame being decoded is a control frame (its payload goes to `controlPayload`).
    private var inControlFrame = false
    private var controlPayload: [UInt8] = []
    private let deflate: PerMessageDeflateParameters?
    private let compressionLevel: Int
    /// Compresses for this connection when the loop's shared stream cannot be used; created on first use
    /// because a zlib deflate stream costs ~256 KiB and most connections never need one.
    private var deflater: MessageDeflater?
    /// Set when the read that closed the connection also delivered messages: replies to them may still be
    /// framed, because the transport writes them before that read's Close frame (see `receive`).
    private var repliesAllowedAfterClose = false

    /// Why the connection was failed, for logs. Nil unless a protocol error ended it.
    package private(set) var failure: WebSocketProtocolError?
    /// True once the peer's Close frame arrived (first, or as the reply to ours): it sends nothing more.
    package private(set) var peerClosed = false
    /// The status code of the peer's Close frame, if it sent one with a code.
    package private(set) var peerCloseCode: UInt16?
    /// The code of the closing handshake (RFC 6455 §7.1.5): ours if we closed first or failed the
    /// connection, else the peer's (1005 for a Close without a code); nil while no Close went either way.
    package private(set) var closeCode: UInt16?

    /// `deflate` is what the handshake negotiated (nil: no permessage-deflate, RSV1 is then a protocol error).
    package init(config: WebSocketConfig, deflate: PerMessageDeflateParameters?) {
        decoder = WebSocketFrameDecoder(
            peer: .client, maxFrameSize: config.maxFrameSize, compressionNegotiated: deflate != nil)
        assembler = WebSocketMessageAssembler(config: config, deflate: deflate)
        self.deflate = deflate
        compressionLevel = config.compression.level
    }

    /// True until either side started the close handshake or the connection failed.
    package var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    /// True while `frameBytes` frames messages: open, or closed by the peer right after a message it
    /// may still be answered for (`repliesAllowedAfterClose`).
    package var sendsFrames: Bool { isOpen || repliesAllowedAfterClose }

    /// True when the handshake negotiated permessage-deflate: `frameBytes` may compress.
    package var compresses: Bool { deflate != nil }

    /// True once `.closeTransport` has been emitted.
    package var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Feeds bytes read from the socket (any split) and appends the resulting actions.
    ///
    /// The transport performs the actions in order and handles `.deliver` synchronously: a reply the app makes
    /// then with `frameBytes(for:)` is written before the next action. That keeps an echo ahead of a Close
    /// that the same read also produced (Autobahn 3.2, 7.1.1), which is why `frameBytes(for:)` still answers
    /// for messages delivered by the read that closed the connection. After `.closeTransport`, write nothing more.
    ///
    /// A protocol error fails the connection (RFC 6455 §7.1.7): a Close frame with the error's code and a
    /// short reason, then `.closeTransport` at once, without waiting for the peer's Close, because after a
    /// framing error the rest of the stream cannot be trusted. Autobahn expects exactly this ("clean close with
    /// protocol error code or dropped TCP", requireClean false) and scores it OK.
    package mutating func receive(_ bytes: UnsafeRawBufferPointer, into actions: inout [WebSocketAction]) {
        if case .closed = state { return }
        var delivered = false
        var cursor = 0
        do throws(WebSocketProtocolError) {
            decoding: while let event = try decoder.next(from: bytes, cursor: &cursor) {
                switch event {
                case .header(let header):
                    inControlFrame = header.opcode.isControl
                    if inControlFrame {
                        controlPayload.removeAll(keepingCapacity: true)
                    } else if isOpen {
                        try assembler.frameStarted(header)
                    }
                case .payload(let chunk):
                    if inControlFrame {
                        chunk.unmask(appendingTo: &controlPayload)
                    } else if isOpen {
                        try assembler.payloadArrived(chunk)
                    }
                case .frameEnd(let header):
                    if inControlFrame {
                        try controlFrameReceived(header.opcode, into: &actions)
                        if case .closed = state { break decoding }
                    } else if isOpen, let message = try assembler.frameEnded(header) {
                        actions.append(.deliver(message))
                        delivered = true
                    }
                }
            }
        } catch {
            fail(error, into: &actions)
        }
        if delivered, case .closed = state { repliesAllowedAfterClose = true }
    }

    /// Starts a server-initiated close (RFC 6455 §7.1.2): sends Close and waits for the peer's Close,
    /// after which `receive` emits `.closeTransport`. The transport bounds the wait (`closeSeconds`).
    /// The reason is cut to fit a control frame (123 bytes) on a character boundary.
    package mutating func close(code: UInt16, reason: String, into actions: inout [WebSocketAction]) {
        guard isOpen else { return }
        actions.append(.send(WebSocketFrameEncoder.encodeClose(code: code, reason: reason)))
        closeCode = code
        state = .closing
    }

    /// A keepalive Ping frame (RFC 6455 §5.5.2) carrying at most 125 bytes of `payload`; nil unless open.
    package mutating func ping(payload: [UInt8]) -> [UInt8]? {
        guard isOpen else { return nil }
        return WebSocketFrameEncoder.encode(opcode: .ping, payload: Array(payload.prefix(125)))
    }

    /// The bytes to send `message` on this connection; nil once closing (§5.5.1: no data after Close),
    /// except for replies to messages delivered by the read that closed it (see `receive`).
    ///
    /// Plain frame when this connection has no permessage-deflate or the message is below `minSize`.
    /// The shared compressed frame when the connection negotiated server_no_context_takeover and allows a
    /// window at least as large as the one it was made with (RFC 7692 §7.1.2.1); if the message has none
    /// yet, `sharedDeflater` (the loop's) makes it and stores it in `message` for the loop's next recipients.
    /// Otherwise compressed here with this connection's own deflater, keeping context when negotiated.
    package mutating func frameBytes(for message: inout OutboundMessage, sharedDeflater: SharedDeflater?) -> [UInt8]? {
        guard sendsFrames else { return nil }
        guard let deflate, message.wantsCompression else { return message.plainFrame }
        if deflate.serverNoContextTakeover {
            if let sharedDeflater, deflate.serverMaxWindowBits >= sharedDeflater.windowBits {
                message.compressShared(with: sharedDeflater)
            }
            if let shared = message.sharedCompressedFrame, deflate.serverMaxWindowBits >= message.sharedCompressionWindowBits {
                return shared
            }
        }
        let deflater = self.deflater ?? MessageDeflater(
            windowBits: deflate.serverMaxWindowBits, noContextTakeover: deflate.serverNoContextTakeover,
            level: compressionLevel)
        self.deflater = deflater
        let compressed = message.withPayload { deflater.deflate($0) }
        return WebSocketFrameEncoder.encode(opcode: message.opcode, payload: compressed, rsv1: true)
    }

    /// `frameBytes(for:sharedDeflater:)` with no shared stream: compressed, if at all, by this connection.
    package mutating func frameBytes(for message: OutboundMessage) -> [UInt8]? {
        var message = message
        return frameBytes(for: &message, sharedDeflater: nil)
    }

    private mutating func controlFrameReceived(
        _ opcode: WebSocketOpcode, into actions: inout [WebSocketAction]
    ) throws(WebSocketProtocolError) {
        switch opcode {
        case .ping:
            // §5.5.2: answer with the same payload as soon as possible, even between fragments (§5.4).
            if isOpen { actions.append(.send(WebSocketFrameEncoder.encode(opcode: .pong, payload: controlPayload))) }
        case .pong:
            actions.append(.pong(payload: controlPayload))
        case .close:
            try closeReceived(into: &actions)
        default:
            break
        }
    }

    /// §5.5.1 and §7.1.5: a valid Close is echoed with its code, then the server closes TCP first (§7.1.1).
    private mutating func closeReceived(into actions: inout [WebSocketAction]) throws(WebSocketProtocolError) {
        if case .closing = state {
            // The reply to our Close: the handshake is complete.
            peerClosed = true
            state = .closed
            actions.append(.closeTransport)
            return
        }
        var code: UInt16?
        switch controlPayload.count {
        case 0:
            break
        case 1:
            throw .truncatedCloseCode
        default:
            let received = UInt16(controlPayload[0]) << 8 | UInt16(controlPayload[1])
            guard WebSocketCloseCode.isValidOnWire(received) else { throw .invalidCloseCode(received) }
            let reasonIsUTF8 = controlPayload.withUnsafeBytes {
                UTF8Validator.isValid(UnsafeRawBufferPointer(rebasing: $0[2...]))
            }
            guard reasonIsUTF8 else { throw .invalidCloseReason }
            code = received
        }
        peerCloseCode = code
        peerClosed = true
        closeCode = code ?? WebSocketCloseCode.noStatusReceived
        actions.append(.send(WebSocketFrameEncoder.encodeClose(code: code)))
        actions.append(.closeTransport)
        state = .closed
    }

    private mutating func fail(_ error: WebSocketProtocolError, into actions: inout [WebSocketAction]) {
        failure = error
        if isOpen {
            closeCode = error.closeCode
            actions.append(.send(WebSocketFrameEncoder.encodeClose(code: error.closeCode, reason: error.description)))
        }
        actions.append(.closeTransport)
        state = .closed
    }
}
