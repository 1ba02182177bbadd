/// Serialises frames (RFC 6455 §5.2).
///
/// ```
///  0                   1                   2                   3
///  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
/// +-+-+-+-+-------+-+-------------+-------------------------------+
/// |F|R|R|R| opcode|M| Payload len |    Extended payload length    |
/// |I|S|S|S|  (4)  |A|     (7)     |             (16/64)           |
/// |N|V|V|V|       |S|             |   (if payload len==126/127)   |
/// | |1|2|3|       |K|             |                               |
/// +-+-+-+-+-------+-+-------------+ - - - - - - - - - - - - - - - +
/// |     Extended payload length continued, if payload len == 127  |
/// + - - - - - - - - - - - - - - - +-------------------------------+
/// |                               |Masking-key, if MASK set to 1  |
/// +-------------------------------+-------------------------------+
/// | Masking-key (continued)       |          Payload Data         |
/// +-------------------------------- - - - - - - - - - - - - - - - +
/// ```
/// The server sends unmasked frames (§5.1); a masking key is given only by clients (tests, benchmark).
/// Lengths always use the shortest encoding.
package enum WebSocketFrameEncoder {
    /// One frame: header then payload, masked with `maskingKey` if given.
    package static func encode(
        opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, fin: Bool = true, rsv1: Bool = false,
        maskingKey: WebSocketMaskingKey? = nil
    ) -> [UInt8] {
        let header = WebSocketFrameHeader(
            fin: fin, rsv1: rsv1, opcode: opcode, maskingKey: maskingKey, payloadLength: payload.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(header.encodedSize + payload.count)
        appendHeader(header, to: &bytes)
        let payloadStart = bytes.count
        payload.withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
        if let maskingKey, payload.count > 0 {
            bytes.withUnsafeMutableBytes { buffer in
                maskingKey.apply(to: UnsafeMutableRawBufferPointer(rebasing: buffer[payloadStart...]), offset: 0)
            }
        }
        return bytes
    }

    /// Convenience for array payloads.
    package static func encode(
        opcode: WebSocketOpcode, payload: [UInt8], fin: Bool = true, rsv1: Bool = false,
        maskingKey: WebSocketMaskingKey? = nil
    ) -> [UInt8] {
        payload.withUnsafeBytes {
            encode(opcode: opcode, payload: $0, fin: fin, rsv1: rsv1, maskingKey: maskingKey)
        }
    }

    /// Appends the header bytes (length from `header.payloadLength`) to `bytes`.
    package static func appendHeader(_ header: WebSocketFrameHeader, to bytes: inout [UInt8]) {
        var first = header.opcode.rawValue
        if header.fin { first |= 0x80 }
        if header.rsv1 { first |= 0x40 }
        if header.rsv2 { first |= 0x20 }
        if header.rsv3 { first |= 0x10 }
        bytes.append(first)
        let maskBit: UInt8 = header.maskingKey == nil ? 0 : 0x80
        let length = header.payloadLength
        if length <= 125 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes.append(UInt8(truncatingIfNeeded: length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
        } else {
            bytes.append(maskBit | 127)
            let value = UInt64(length)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        if let key = header.maskingKey {
            bytes.append(contentsOf: [key.b0, key.b1, key.b2, key.b3])
        }
    }

    /// A Close frame (§5.5.1): optional 2-byte code, then a UTF-8 reason cut to fit 125 bytes
    /// on a character boundary. A nil code sends an empty body.
    package static func encodeClose(
        code: UInt16?, reason: String = "", maskingKey: WebSocketMaskingKey? = nil
    ) -> [UInt8] {
        var body: [UInt8] = []
        if let code {
            body.append(UInt8(truncatingIfNeeded: code >> 8))
            body.append(UInt8(truncatingIfNeeded: code))
            body.append(contentsOf: truncatedUTF8(reason, maxBytes: 123))
        }
        return encode(opcode: .close, payload: body, maskingKey: maskingKey)
    }

    /// The longest prefix of `text` whose UTF-8 fits in `maxBytes`, never splitting a character.
    static func truncatedUTF8(_ text: String, maxBytes: Int) -> [UInt8] {
        var result: [UInt8] = []
        for scalar in text.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if result.count + encoded.count > maxBytes { break }
            result.append(contentsOf: encoded)
        }
        return result
    }
}
