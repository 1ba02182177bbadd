/// Text from outside (a pack's title, a nickname, an old archive's line) made safe to print on an
/// operator's terminal or into a log: every control character (C0, DEL, C1) and every bidirectional
/// override or isolate is written as a Swift-style escape such as `\u{1B}`, so an escape sequence
/// (`ESC ] 0 ;` sets the window title, `ESC [ 2 J` clears the screen, CSI `U+009B` on some terminals)
/// is shown, never obeyed, and a line break cannot forge a log line.
package enum TerminalText {
    /// `text` with every control character escaped; with `keepingLineBreaks`, `\n` and `\r\n` are kept
    /// (for output whose lines this program composes, such as a CSV file on a terminal).
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if keepingLineBreaks, scalar == "\n" || scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" {
                out.append(scalar)
            } else if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// JSON text with DEL and the C1 controls escaped as `\u00XX` too (an encoder escapes only C0);
    /// the JSON means the same, since these can only stand inside its strings.
    package static func escapedJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: "\\u00\(String(scalar.value, radix: 16, uppercase: true))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0, DEL and C1 (general category Cc), the bidi embeddings, overrides and isolates, and the
    /// Unicode line and paragraph separators.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
