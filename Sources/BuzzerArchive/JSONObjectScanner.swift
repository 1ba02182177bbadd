/// Splits the top level of one JSON object into member byte ranges without decoding values.
/// Just enough JSON (RFC 8259) to move members around safely; values are checked only for
/// balanced brackets and closed strings, the game layer's decoder does the rest.
enum JSONObjectScanner {
    struct Member {
        /// Key bytes without the quotes.
        var key: Range<Int>
        /// The value's bytes.
        var value: Range<Int>
        /// From the key's opening quote to the end of the value.
        var whole: Range<Int>
    }

    static func members(of bytes: [UInt8]) throws(ArchiveError) -> [Member] {
        if bytes.contains(0x0A) || bytes.contains(0x0D) {
            throw .invalidEvent("event JSON must be on one line (no pretty printing)")
        }
        var i = 0
        let end = bytes.count
        func skipSpace() {
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        }
        skipSpace()
        guard i < end, bytes[i] == UInt8(ascii: "{") else { throw .invalidEvent("not a JSON object") }
        i += 1
        var members: [Member] = []
        skipSpace()
        if i < end, bytes[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                guard i < end, bytes[i] == UInt8(ascii: "\"") else { throw .invalidEvent("expected a member name at byte \(i)") }
                let keyStart = i
                guard let keyEnd = endOfString(bytes, from: i) else { throw .invalidEvent("unterminated string at byte \(i)") }
                i = keyEnd
                skipSpace()
                guard i < end, bytes[i] == UInt8(ascii: ":") else { throw .invalidEvent("expected ':' at byte \(i)") }
                i += 1
                skipSpace()
                let valueStart = i
                guard let valueEnd = endOfValue(bytes, from: i), valueEnd > valueStart else {
                    throw .invalidEvent("bad value at byte \(valueStart)")
                }
                i = valueEnd
                members.append(Member(key: (keyStart + 1)..<(keyEnd - 1), value: valueStart..<valueEnd, whole: keyStart..<valueEnd))
                skipSpace()
                guard i < end else { throw .invalidEvent("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw .invalidEvent("expected ',' or '}' at byte \(i)")
            }
        }
        skipSpace()
        guard i == end else { throw .invalidEvent("trailing bytes after the object") }
        return members
    }

    /// Index just past the closing quote of the string starting at `start`.
    static func endOfString(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// Index just past the value starting at `start` (string, object, array, number or literal).
    static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return endOfString(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let next = endOfString(bytes, from: i) else { return nil }
                    i = next
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return nil
        default:
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09: return i
                default: i += 1
                }
            }
            return i
        }
    }
}
