/// The parameters of a URL's query (`page=2&q=caf%C3%A9+quiz`), percent-decoded, `+` as a space.
/// A name given twice keeps its first value.
struct QueryString: Sendable, Equatable {
    private(set) var values: [String: String] = [:]

    init(_ query: String?) {
        guard let query else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            if values[name] == nil { values[name] = value }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// nil when the percent escapes are broken or the bytes are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
