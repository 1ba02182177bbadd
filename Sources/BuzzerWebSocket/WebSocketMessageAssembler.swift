/// Turns data frames into messages (RFC 6455 §5.4) while they stream in: fragment rules, size and
/// fragment limits, permessage-deflate inflation chunk by chunk (RFC 7692 §7.2.2), and UTF-8
/// validation of text as it arrives (also on inflated output), so every failure is raised at the
/// first byte that proves it.
struct WebSocketMessageAssembler {
    private let maxMessageSize: Int
    private let maxFragments: Int
    /// Inflated size limit of a compressed message (`compression.maxDecompressedSize`, decompression bombs).
    /// `maxMessageSize` bounds its bytes on the wire, as it does for an uncompressed message.
    private let maxInflatedSize: Int
    private let inflaterSettings: (windowBits: Int, noContextTakeover: Bool)?
    /// Created on the first compressed message; kept for context takeover (RFC 7692 §7.2.2).
    private var inflater: MessageInflater?

    /// The message in progress, if any.
    private var opcode: WebSocketOpcode?
    private var compressed = false
    private var fragments = 0
    /// Payload bytes of the message on the wire so far (compressed size for a compressed message).
    private var wireBytes = 0
    private var payload: [UInt8] = []
    /// Unmasked compressed bytes of the current chunk, reused between chunks.
    private var scratch: [UInt8] = []
    private var utf8 = UTF8Validator()

    init(config: WebSocketConfig, deflate: PerMessageDeflateParameters?) {
        maxMessageSize = config.maxMessageSize
        maxFragments = config.maxFragments
        maxInflatedSize = config.compression.maxDecompressedSize
        inflaterSettings = deflate.map { ($0.clientMaxWindowBits, $0.clientNoContextTakeover) }
    }

    /// True while a fragmented message waits for continuations.
    var isAssembling: Bool { opcode != nil }

    /// A text, binary or continuation frame header arrived.
    mutating func frameStarted(_ header: WebSocketFrameHeader) throws(WebSocketProtocolError) {
        if header.opcode == .continuation {
            guard opcode != nil else { throw .unexpectedContinuation }
            fragments += 1
            guard fragments <= maxFragments else { throw .tooManyFragments(limit: maxFragments) }
        } else {
            guard opcode == nil else { throw .dataFrameInsideFragmentedMessage }
            opcode = header.opcode
            compressed = header.rsv1
            fragments = 1
            wireBytes = 0
            utf8.reset()
        }
        // Refuse before buffering: the length is known now.
        guard header.payloadLength <= maxMessageSize - wireBytes else {
            throw .messageTooLarge(limit: maxMessageSize)
        }
        wireBytes += header.payloadLength
        if !compressed, header.opcode != .continuation, header.fin {
            payload.reserveCapacity(header.payloadLength)
        }
    }

    /// The next piece of the current data frame's payload.
    mutating func payloadArrived(_ chunk: WebSocketPayloadChunk) throws(WebSocketProtocolError) {
        let start = payload.count
        if compressed {
            scratch.removeAll(keepingCapacity: true)
            chunk.unmask(appendingTo: &scratch)
            let inflater = currentInflater()
            let limit = maxInflatedSize
            let failure: DeflateError? = scratch.withUnsafeBytes { input in
                do throws(DeflateError) {
                    try inflater.inflate(input, into: &payload, limit: limit)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw Self.map(failure) }
        } else {
            chunk.unmask(appendingTo: &payload)
        }
        if opcode == .text, !utf8.validate(payload, from: start) { throw .invalidUTF8 }
    }

    /// The current data frame ended; returns the message if it was the last fragment.
    mutating func frameEnded(_ header: WebSocketFrameHeader) throws(WebSocketProtocolError) -> WebSocketMessage? {
        guard header.fin, let opcode else { return nil }
        if compressed {
            let start = payload.count
            do {
                try currentInflater().finishMessage(into: &payload, limit: maxInflatedSize)
            } catch {
                throw Self.map(error)
            }
            if opcode == .text, !utf8.validate(payload, from: start) { throw .invalidUTF8 }
        }
        if opcode == .text, !utf8.isAtCharacterBoundary { throw .invalidUTF8 }
        let message = WebSocketMessage(opcode: opcode, payload: payload)
        payload = []
        self.opcode = nil
        compressed = false
        fragments = 0
        wireBytes = 0
        return message
    }

    private mutating func currentInflater() -> MessageInflater {
        if let inflater { return inflater }
        // RSV1 only decodes when deflate was negotiated, so settings exist whenever this runs.
        let settings = inflaterSettings ?? (15, true)
        let made = MessageInflater(windowBits: settings.windowBits, noContextTakeover: settings.noContextTakeover)
        inflater = made
        return made
    }

    private static func map(_ error: DeflateError) -> WebSocketProtocolError {
        switch error {
        case .tooLarge(let limit): return .messageTooLarge(limit: limit)
        case .corrupt(let detail): return .corruptCompressedData(detail)
        }
    }
}
