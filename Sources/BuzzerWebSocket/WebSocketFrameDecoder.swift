/// Incremental RFC 6455 frame decoder: a value-type state machine fed whatever bytes arrived.
///
/// Input may be split at any byte. The header is parsed byte by byte without buffering; every
/// header rule (§5.2, §5.5, masking §5.1, extension bits RFC 7692 §6) and `maxFrameSize` is checked
/// as soon as the bytes deciding it are in, so an oversized frame is refused before any of its payload
/// is read. Payload is surfaced in pieces as it arrives (`.payload`), pointing into the input.
package struct WebSocketFrameDecoder {
    /// Which side's frames this decoder reads (RFC 6455 §5.1 masking rules).
    package enum Peer: Sendable {
        /// Frames sent by a client: must be masked. Used by the server.
        case client
        /// Frames sent by a server: must not be masked. Used by clients (tests, benchmark).
        case server
    }

    /// What one `next` step produced.
    package enum Event {
        /// A complete, validated header. Payload follows as `.payload` events, then `.frameEnd`.
        case header(WebSocketFrameHeader)
        /// The next piece of the current frame's payload.
        case payload(WebSocketPayloadChunk)
        /// The current frame's payload is complete.
        case frameEnd(WebSocketFrameHeader)
    }

    private enum State {
        case firstByte
        case secondByte(first: UInt8)
        case extendedLength(header: WebSocketFrameHeader, bytesLeft: Int, value: UInt64, masked: Bool)
        case maskingKey(header: WebSocketFrameHeader, collected: Int, value: UInt32)
        case payload(header: WebSocketFrameHeader, received: Int)
    }

    private var state: State = .firstByte
    private let peer: Peer
    private let maxFrameSize: Int
    /// RSV1 allowed on the first frame of a data message (permessage-deflate negotiated).
    private let compressionNegotiated: Bool

    package init(peer: Peer = .client, maxFrameSize: Int, compressionNegotiated: Bool) {
        self.peer = peer
        self.maxFrameSize = maxFrameSize
        self.compressionNegotiated = compressionNegotiated
    }

    /// True between frames (no partial header or payload pending).
    package var isAtFrameBoundary: Bool {
        if case .firstByte = state { return true }
        return false
    }

    /// Decodes the next event from `input[cursor...]`, advancing `cursor` past what it consumed.
    /// Returns nil when all of `input` is consumed and more bytes are needed. After a throw the
    /// stream cannot be resynchronised: the connection must be failed.
    package mutating func next(
        from input: UnsafeRawBufferPointer, cursor: inout Int
    ) throws(WebSocketProtocolError) -> Event? {
        while true {
            switch state {
            case .payload(let header, let received):
                if received == header.payloadLength {
                    state = .firstByte
                    return .frameEnd(header)
                }
                let available = input.count - cursor
                guard available > 0 else { return nil }
                let take = min(available, header.payloadLength - received)
                let chunk = WebSocketPayloadChunk(
                    maskedBytes: UnsafeRawBufferPointer(rebasing: input[cursor..<(cursor + take)]),
                    maskingKey: header.maskingKey, offsetInFrame: received)
                cursor += take
                state = .payload(header: header, received: received + take)
                return .payload(chunk)

            case .firstByte:
                guard cursor < input.count else { return nil }
                let byte = input[cursor]
                cursor += 1
                try validateFirstByte(byte)
                state = .secondByte(first: byte)

            case .secondByte(let first):
                guard cursor < input.count else { return nil }
                let byte = input[cursor]
                cursor += 1
                if let header = try headerAfterSecondByte(first: first, second: byte) {
                    return header
                }

            case .extendedLength(let header, let bytesLeft, let value, let masked):
                guard cursor < input.count else { return nil }
                let value = value << 8 | UInt64(input[cursor])
                cursor += 1
                if bytesLeft > 1 {
                    // The first of eight length bytes carries the MSB that must be 0 (§5.2).
                    if bytesLeft == 8, value & 0x80 != 0 { throw .invalidPayloadLength }
                    state = .extendedLength(header: header, bytesLeft: bytesLeft - 1, value: value, masked: masked)
                    continue
                }
                guard value <= UInt64(maxFrameSize) else {
                    throw .frameTooLarge(length: value, limit: maxFrameSize)
                }
                var header = header
                header.payloadLength = Int(value)
                if let event = lengthKnown(header, masked: masked) { return event }

            case .maskingKey(let header, let collected, let value):
                guard cursor < input.count else { return nil }
                let value = value << 8 | UInt32(input[cursor])
                cursor += 1
                if collected < 3 {
                    state = .maskingKey(header: header, collected: collected + 1, value: value)
                    continue
                }
                var header = header
                header.maskingKey = WebSocketMaskingKey(
                    UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                    UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
                state = .payload(header: header, received: 0)
                return .header(header)
            }
        }
    }

    private func validateFirstByte(_ byte: UInt8) throws(WebSocketProtocolError) {
        let raw = byte & 0x0F
        guard let opcode = WebSocketOpcode(rawValue: raw) else { throw .reservedOpcode(raw) }
        if byte & 0x30 != 0 { throw .reservedBitsSet }  // RSV2, RSV3: no extension we speak uses them
        if byte & 0x40 != 0 {
            guard compressionNegotiated else { throw .reservedBitsSet }
            guard opcode.isDataMessageStart else { throw .compressionBitOnWrongFrame(opcode) }
        }
        if opcode.isControl, byte & 0x80 == 0 { throw .fragmentedControlFrame }
    }

    private mutating func headerAfterSecondByte(
        first: UInt8, second: UInt8
    ) throws(WebSocketProtocolError) -> Event? {
        let masked = second & 0x80 != 0
        switch peer {
        case .client where !masked: throw .unmaskedClientFrame
        case .server where masked: throw .maskedServerFrame
        default: break
        }
        let opcode = WebSocketOpcode(rawValue: first & 0x0F)!  // checked in validateFirstByte
        let length7 = Int(second & 0x7F)
        if opcode.isControl, length7 > 125 { throw .controlFrameTooLong(length7) }
        let header = WebSocketFrameHeader(
            fin: first & 0x80 != 0, rsv1: first & 0x40 != 0, opcode: opcode, payloadLength: length7)
        switch length7 {
        case 126:
            state = .extendedLength(header: header, bytesLeft: 2, value: 0, masked: masked)
            return nil
        case 127:
            state = .extendedLength(header: header, bytesLeft: 8, value: 0, masked: masked)
            return nil
        default:
            guard length7 <= maxFrameSize else {
                throw .frameTooLarge(length: UInt64(length7), limit: maxFrameSize)
            }
            return lengthKnown(header, masked: masked)
        }
    }

    private mutating func lengthKnown(_ header: WebSocketFrameHeader, masked: Bool) -> Event? {
        if masked {
            state = .maskingKey(header: header, collected: 0, value: 0)
            return nil
        }
        state = .payload(header: header, received: 0)
        return .header(header)
    }
}
