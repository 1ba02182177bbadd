/// Reads JSON tokens of an exactly known layout straight from bytes, for the fast paths that
/// decode archive lines without `JSONDecoder`. Every read returns nil (or false) on anything
/// unexpected, so a caller can give up and fall back to a full decoder; it never guesses.
package struct JSONByteCursor {
    package let bytes: UnsafeRawBufferPointer
    package var index: Int

    package init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    package var isAtEnd: Bool { index == bytes.count }

    /// Consumes `text` if the bytes continue with exactly it.
    package mutating func literal(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard index + n <= bytes.count else { return false }
        let base = text.utf8Start
        for k in 0..<n where bytes[index + k] != base[k] { return false }
        index += n
        return true
    }

    /// Up to 19 decimal digits (always fits in UInt64); no sign, leading zero, fraction or exponent.
    package mutating func unsigned() -> UInt64? {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 19 {
            value = value * 10 + UInt64(bytes[index] - 0x30)
            index += 1
        }
        // RFC 8259 §6 has no leading zeros: `JSONDecoder` refuses "007", so the fast paths must too.
        guard index > start, index - start == 1 || bytes[start] != 0x30 else { return nil }
        return value
    }

    /// A JSON integer that fits in Int64: optional minus, no leading zero, no fraction or exponent.
    package mutating func integer() -> Int64? {
        let negative = literal("-")
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
            if o1 || o2 { return nil }
            value = sum
            index += 1
        }
        guard index > start, index - start == 1 || bytes[start] != 0x30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    /// A JSON number (RFC 8259 §6: `-? int frac? exp?`, no leading zero, no `+`, no bare `.`), read by
    /// Swift's own `Double(String)` like the standard decoder. `Double(String)` alone also takes
    /// "+1", "01", ".5" and "1.", which `JSONDecoder` refuses.
    package mutating func double() -> Double? {
        let start = index
        _ = literal("-")
        let intStart = index
        guard digits() > 0, index - intStart == 1 || bytes[intStart] != 0x30 else { return nil }
        if literal("."), digits() == 0 { return nil }
        if literal("e") || literal("E") {
            if !literal("+") { _ = literal("-") }
            guard digits() > 0 else { return nil }
        }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// Consumes decimal digits and returns how many.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - start
    }

    /// The rest of a string without escapes or control characters; the opening quote is already
    /// read, the closing one is consumed. With `validatingUTF8`, invalid UTF-8 also returns nil.
    package mutating func plainString(validatingUTF8: Bool = false) -> String? {
        let start = index
        var seen: UInt8 = 0  // every byte OR-ed: bit 7 clear means ASCII
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                // ASCII is valid UTF-8; `String(validating:)` costs about 100 ns a line more than
                // `String(decoding:)` on the envelope's room and type, which are nearly always ASCII.
                if validatingUTF8, seen >= 0x80 { return String(validating: raw, as: UTF8.self) }
                return String(decoding: raw, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            seen |= b
            index += 1
        }
        return nil
    }

    /// True when the bytes from the cursor close an already-open object exactly at the last byte,
    /// with brackets balanced and strings closed. Does not move the cursor.
    package func closesObjectAtEnd() -> Bool {
        var depth = 1
        var i = index
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false } else if b < 0x20 { return false }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i == bytes.count - 1 }
                default: break
                }
            }
            i += 1
        }
        return false
    }
}
