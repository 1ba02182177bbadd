/// Everything that makes the codec fail a connection (RFC 6455 §7.1.7), each mapped to the close code it sends.
package enum WebSocketProtocolError: Error, CustomStringConvertible, Equatable, Sendable {
    /// RSV2/RSV3 set, or RSV1 set without permessage-deflate (§5.2: "MUST be 0 unless an extension is negotiated").
    case reservedBitsSet
    /// RSV1 on a continuation or control frame: RFC 7692 §6.1 puts it only on the first frame of a data message.
    case compressionBitOnWrongFrame(WebSocketOpcode)
    /// Opcode 3-7 or 11-15 (§5.2).
    case reservedOpcode(UInt8)
    /// Control frame without FIN (§5.5: "Control frames MUST NOT be fragmented").
    case fragmentedControlFrame
    /// Control frame longer than 125 bytes (§5.5).
    case controlFrameTooLong(Int)
    /// A client frame without the mask bit (§5.1: the server MUST close the connection).
    case unmaskedClientFrame
    /// A server frame with the mask bit (§5.1), seen by the client-side decoder.
    case maskedServerFrame
    /// 64-bit length with the most significant bit set (§5.2).
    case invalidPayloadLength
    /// Frame longer than `maxFrameSize`, refused before its payload is buffered.
    case frameTooLarge(length: UInt64, limit: Int)
    /// Message longer than `maxMessageSize` (or inflated past `maxDecompressedSize`).
    case messageTooLarge(limit: Int)
    /// More fragments than `maxFragments`.
    case tooManyFragments(limit: Int)
    /// Continuation frame with no message in progress (§5.4).
    case unexpectedContinuation
    /// Text or binary frame while a fragmented message is still open (§5.4).
    case dataFrameInsideFragmentedMessage
    /// Text message payload is not UTF-8 (§8.1), detected on the first invalid byte.
    case invalidUTF8
    /// Close frame with a 1-byte payload (§5.5.1: a body starts with a 2-byte code).
    case truncatedCloseCode
    /// Close code that may not be sent on the wire (§7.4).
    case invalidCloseCode(UInt16)
    /// Close reason not UTF-8 (§5.5.1).
    case invalidCloseReason
    /// permessage-deflate data that zlib cannot inflate (RFC 7692 §7.2.2); answered with 1007 like invalid UTF-8.
    case corruptCompressedData(String)

    /// The status code the server sends before closing (RFC 6455 §7.4.1).
    package var closeCode: UInt16 {
        switch self {
        case .frameTooLarge, .messageTooLarge, .tooManyFragments:
            return WebSocketCloseCode.messageTooBig
        case .invalidUTF8, .invalidCloseReason, .corruptCompressedData:
            return WebSocketCloseCode.invalidPayload
        case .reservedBitsSet, .compressionBitOnWrongFrame, .reservedOpcode, .fragmentedControlFrame,
            .controlFrameTooLong, .unmaskedClientFrame, .maskedServerFrame, .invalidPayloadLength,
            .unexpectedContinuation, .dataFrameInsideFragmentedMessage, .truncatedCloseCode, .invalidCloseCode:
            return WebSocketCloseCode.protocolError
        }
    }

    package var description: String {
        switch self {
        case .reservedBitsSet: return "reserved bits set"
        case .compressionBitOnWrongFrame(let opcode): return "RSV1 set on \(opcode) frame"
        case .reservedOpcode(let raw): return "reserved opcode \(raw)"
        case .fragmentedControlFrame: return "fragmented control frame"
        case .controlFrameTooLong(let length): return "control frame of \(length) bytes"
        case .unmaskedClientFrame: return "unmasked client frame"
        case .maskedServerFrame: return "masked server frame"
        case .invalidPayloadLength: return "invalid 64-bit payload length"
        case .frameTooLarge(let length, let limit): return "frame of \(length) bytes exceeds \(limit)"
        case .messageTooLarge(let limit): return "message exceeds \(limit) bytes"
        case .tooManyFragments(let limit): return "message exceeds \(limit) fragments"
        case .unexpectedContinuation: return "continuation without a message"
        case .dataFrameInsideFragmentedMessage: return "new message inside a fragmented message"
        case .invalidUTF8: return "invalid UTF-8 in text message"
        case .truncatedCloseCode: return "close frame with 1-byte payload"
        case .invalidCloseCode(let code): return "invalid close code \(code)"
        case .invalidCloseReason: return "invalid UTF-8 in close reason"
        case .corruptCompressedData(let detail): return "corrupt compressed data: \(detail)"
        }
    }
}
