/// Standard base64 with padding (RFC 4648 §4), for Sec-WebSocket-Key / -Accept. The decoder is
/// strict (padding required, no whitespace, unused bits zero) so a malformed key is rejected
/// rather than silently normalised.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let remaining = input.count - index
        if remaining > 0 {
            let value = UInt32(input[index]) << 16 | (remaining == 2 ? UInt32(input[index + 1]) << 8 : 0)
            output.append(alphabet[Int(value >> 18 & 0x3F)])
            output.append(alphabet[Int(value >> 12 & 0x3F)])
            output.append(remaining == 2 ? alphabet[Int(value >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// nil for anything that is not canonical padded base64.
    package static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let padding = isLast ? input[(index + 2)...].filter { $0 == UInt8(ascii: "=") }.count : 0
            if padding == 1 && input[index + 3] != UInt8(ascii: "=") { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                let sextet: UInt32
                if offset >= 4 - padding {
                    guard byte == UInt8(ascii: "=") else { return nil }
                    sextet = 0
                } else {
                    guard let decoded = Self.value(of: byte) else { return nil }
                    sextet = decoded
                }
                value = value << 6 | sextet
            }
            output.append(UInt8(value >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(value >> 8 & 0xFF)) } else if value & 0xFFFF != 0 { return nil }
            if padding < 1 { output.append(UInt8(value & 0xFF)) } else if value & 0xFF != 0 { return nil }
            index += 4
        }
        return output
    }

    private static func value(of byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
