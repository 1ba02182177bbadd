/// Incremental UTF-8 validator (RFC 3629 §4, as RFC 6455 §8.1 requires for text messages).
///
/// Fed a message piece by piece, it fails on the first byte that cannot start or continue a
/// well-formed sequence, so a bad text frame is rejected while its payload is still arriving
/// (Autobahn 6.4.x "fail fast"). A sequence may span pieces; whether the message ended inside one
/// is answered by `isAtCharacterBoundary` once the message is complete.
package struct UTF8Validator: Sendable {
    /// Continuation bytes still expected for the current sequence.
    private var pending: UInt8 = 0
    /// Allowed range of the next continuation byte; narrower than 80...BF right after E0, ED, F0 and F4
    /// to exclude overlongs, surrogates (D800-DFFF) and code points above U+10FFFF.
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    package init() {}

    /// True when the bytes so far end on a complete character (a message may end here).
    package var isAtCharacterBoundary: Bool { pending == 0 }

    package mutating func reset() {
        self = UTF8Validator()
    }

    /// Validates the next piece. Returns false at the first invalid byte; the validator is then
    /// in an undefined state and must be reset before reuse.
    package mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if pending == 0 {
                // ASCII fast path, eight bytes at a time.
                while index + 8 <= count,
                    base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                if index == count { break }
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index += 1
                if byte < 0x80 { continue }
                switch byte {
                case 0xC2...0xDF: pending = 1; lower = 0x80; upper = 0xBF
                case 0xE0: pending = 2; lower = 0xA0; upper = 0xBF  // no overlong 3-byte forms
                case 0xE1...0xEC, 0xEE, 0xEF: pending = 2; lower = 0x80; upper = 0xBF
                case 0xED: pending = 2; lower = 0x80; upper = 0x9F  // no surrogates
                case 0xF0: pending = 3; lower = 0x90; upper = 0xBF  // no overlong 4-byte forms
                case 0xF1...0xF3: pending = 3; lower = 0x80; upper = 0xBF
                case 0xF4: pending = 3; lower = 0x80; upper = 0x8F  // nothing above U+10FFFF
                default: return false  // 80-C1 (stray continuation, overlong 2-byte lead), F5-FF
                }
            } else {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index += 1
                guard byte >= lower, byte <= upper else { return false }
                pending -= 1
                lower = 0x80
                upper = 0xBF
            }
        }
        return true
    }

    /// Validates `bytes[start...]` (used on freshly appended message bytes).
    package mutating func validate(_ bytes: [UInt8], from start: Int) -> Bool {
        guard start < bytes.count else { return true }
        return bytes.withUnsafeBytes { validate(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Whole-buffer check: valid and not ending inside a sequence.
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var validator = UTF8Validator()
        return validator.validate(bytes) && validator.isAtCharacterBoundary
    }
}
