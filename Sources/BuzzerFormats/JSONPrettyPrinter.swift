/// Writes a JSON tree as human-editable text: two-space indentation, members in the tree's
/// order, arrays of scalars on one line, Unicode kept as written. The output is the same on
/// every platform and run, so generated files (imported packs) diff cleanly.
package enum JSONPrettyPrinter {
    /// The document and a final newline.
    package static func print(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += format(number)
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
            } else if elements.allSatisfy(\.isScalar) {
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ", " }
                    write(element, indent: indent, into: &out)
                }
                out += "]"
            } else {
                out += "[\n"
                for (index, element) in elements.enumerated() {
                    out += pad
                    write(element, indent: indent + 1, into: &out)
                    out += index < elements.count - 1 ? ",\n" : "\n"
                }
                out += String(repeating: "  ", count: indent) + "]"
            }
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad
                writeString(member.key, into: &out)
                out += ": "
                write(member.value, indent: indent + 1, into: &out)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Integral values print without a fraction ("1969", not "1969.0").
    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    static func writeString(_ string: String, into out: inout String) {
        JSONStringLiteral.write(string, into: &out)
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .number, .string: true
        }
    }
}
