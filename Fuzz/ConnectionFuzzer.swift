import Glibc

/// libFuzzer target "connection": client bytes into `WebSocketConnectionStateMachine`, which drives
/// `WebSocketFrameDecoder`, the message assembler, UTF-8 validation and the permessage-deflate inflater.
///
/// Flags: bit 0 permessage-deflate negotiated, bit 1 client_no_context_takeover, bit 2
/// server_no_context_takeover, bits 3-5 client_max_window_bits (8 + value), bit 6 tight limits.
///
/// Oracles besides the sanitizers: the same bytes fed whole and fed in the chosen pieces must give the
/// same actions (splitting is invisible to the protocol; only a Close reason text may differ, see
/// `comparableActions`), nothing follows `.closeTransport`, delivered text
/// is valid UTF-8, and no message exceeds the configured limits.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzConnection(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = FuzzInput(data, size) else { return 0 }
    let config = ConnectionFuzzer.config(flags: input.flags)
    let deflate = ConnectionFuzzer.deflate(flags: input.flags)

    var whole = ConnectionFuzzer(config: config, deflate: deflate)
    whole.feed(input.payload)
    var split = ConnectionFuzzer(config: config, deflate: deflate)
    input.forEachChunk { split.feed($0) }

    if whole.comparableActions != split.comparableActions {
        print("fed whole: \(whole.actions)\nfed split: \(split.actions)")
        fflush(nil)
        preconditionFailure("actions depend on how the input was split")
    }
    return 0
}

/// One state machine plus the echo replies and invariant checks the transport would apply.
struct ConnectionFuzzer {
    private var machine: WebSocketConnectionStateMachine
    private let config: WebSocketConfig
    private let deflateConfig: PerMessageDeflateConfig?
    private(set) var actions: [WebSocketAction] = []

    init(config: WebSocketConfig, deflate: PerMessageDeflateParameters?) {
        machine = WebSocketConnectionStateMachine(config: config, deflate: deflate)
        self.config = config
        deflateConfig = deflate == nil ? nil : config.compression
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var produced: [WebSocketAction] = []
        machine.receive(bytes, into: &produced)
        if !produced.isEmpty, actions.contains(.closeTransport) {
            preconditionFailure("actions after closeTransport: \(produced)")
        }
        for action in produced {
            guard case .deliver(let message) = action else { continue }
            check(message)
            // Echo it like `buzzer echo`, which runs the outbound deflater on inflated input.
            let reply = OutboundMessage(opcode: message.opcode, payload: message.payload, compression: deflateConfig)
            _ = machine.frameBytes(for: reply)
        }
        actions += produced
    }

    private func check(_ message: WebSocketMessage) {
        let limit = deflateConfig == nil ? config.maxMessageSize : max(config.maxMessageSize, config.compression.maxDecompressedSize)
        precondition(message.payload.count <= limit, "message of \(message.payload.count) bytes passed the limit")
        switch message.opcode {
        case .text:
            precondition(String(validating: message.payload, as: UTF8.self) != nil, "invalid UTF-8 delivered")
        case .binary:
            break
        default:
            preconditionFailure("delivered a \(message.opcode) message")
        }
    }

    /// The actions with Close frames cut to their status code. The reason names the first error found, and in
    /// a compressed text message whether corrupt deflate data or the invalid UTF-8 it inflated to is met first
    /// depends on how much inflate output each read produced; both are 1007, so the peer sees the same close.
    var comparableActions: [WebSocketAction] {
        actions.map { action in
            guard case .send(let frame) = action, frame.count > 4, frame[0] == 0x88 else { return action }
            return .send([0x88, 0x02, frame[2], frame[3]])
        }
    }

    static func config(flags: UInt8) -> WebSocketConfig {
        var config = WebSocketConfig.gameDefaults
        config.compression.minSize = 0
        if flags & 0x40 != 0 {
            config.maxFrameSize = 64
            config.maxMessageSize = 200
            config.maxFragments = 4
            config.compression.maxDecompressedSize = 300
        } else {
            config.maxFrameSize = 4096
            config.maxMessageSize = 16384
            config.maxFragments = 64
            config.compression.maxDecompressedSize = 32768
        }
        return config
    }

    static func deflate(flags: UInt8) -> PerMessageDeflateParameters? {
        guard flags & 0x01 != 0 else { return nil }
        return PerMessageDeflateParameters(
            serverMaxWindowBits: 15,
            clientMaxWindowBits: 8 + Int((flags >> 3) & 0x07),
            serverNoContextTakeover: flags & 0x04 != 0,
            clientNoContextTakeover: flags & 0x02 != 0)
    }
}
