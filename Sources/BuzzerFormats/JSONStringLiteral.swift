/// Writes JSON string literals by hand, for the places that build JSON text directly (pretty
/// packs, exports) instead of going through `JSONEncoder`.
package enum JSONStringLiteral {
    /// RFC 8259 §7: escape the quote, backslash and control characters; everything else verbatim.
    package static func write(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    package static func make(_ string: String) -> String {
        var out = ""
        write(string, into: &out)
        return out
    }
}
