import BuzzerFormats
import Testing

/// Issue 28, defect 8: outside text printed on a terminal is shown, never obeyed.
@Suite struct TerminalTextTests {
    @Test func escapesC0DelC1AndBidiControls() {
        // OSC 0 (set the window title), BEL, CSI 2 J (clear the screen): the title of the report.
        #expect(TerminalText.escaped("\u{1B}]0;pwned\u{07}\u{1B}[2J") == #"\u{1B}]0;pwned\u{7}\u{1B}[2J"#)
        // DEL, the C1 CSI (U+009B), NEL (U+0085), a right-to-left override and a line separator.
        #expect(TerminalText.escaped("a\u{7F}b\u{9B}c\u{85}d\u{202E}e\u{2028}") == #"a\u{7F}b\u{9B}c\u{85}d\u{202E}e\u{2028}"#)
        // A line break cannot forge a line; a tab and a carriage return are shown too.
        #expect(TerminalText.escaped("one\ntwo\tthree\r") == #"one\u{A}two\u{9}three\u{D}"#)
        // Everything else is left as it is, emoji and accents included.
        #expect(TerminalText.escaped("Café 🍺 ∫ \"q\" \\") == "Café 🍺 ∫ \"q\" \\")
    }

    @Test func keepsLineBreaksWhenAsked() {
        #expect(TerminalText.escaped("a,b\r\n\u{1B}c\n\rd", keepingLineBreaks: true) == "a,b\r\n\\u{1B}c\n\\u{D}d")
    }

    @Test func escapesDelAndC1InJSONTheWayJSONDoes() {
        #expect(TerminalText.escapedJSON("{\"t\": \"a\u{9B}b\u{7F}\"}\n") == "{\"t\": \"a\\u009Bb\\u007F\"}\n")
        #expect(TerminalText.escapedJSON("{\"t\": \"\\u001b\"}") == "{\"t\": \"\\u001b\"}")
    }
}
