import Testing
@testable import BuzzerFormats

@Suite struct JSONParserTests {
    private func syntaxError(_ text: String, maxDepth: Int = 64) -> JSONParser.SyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsMemberOrderAndValues() throws {
        let value = try JSONParser.parse(Array(#"{"b":[1,2.5,-3e2],"a":{"t":true,"n":null},"s":"é\u00e9\n"}"#.utf8))
        #expect(value == .object([
            ("b", .array([.number(1), .number(2.5), .number(-300)])),
            ("a", .object([("t", .bool(true)), ("n", .null)])),
            ("s", .string("éé\n")),
        ]))
    }

    /// Each bad document is refused with the place and the reason, as pack authors see it.
    @Test(arguments: [
        (#"{"a":1,"a":2}"#, 1, 8, #"duplicate key "a""#),
        ("{\n  \"a\": tru\n}", 2, 8, "invalid literal, expected 'true'"),
        (#"{"a":1"#, 1, 7, "unexpected end of input, expected ',' or '}'"),
        (#"[1] x"#, 1, 5, "unexpected 'x' after the end of the document"),
        (#"{"a":"\ud800"}"#, 1, 13, #"unpaired surrogate in \u escape"#),
    ])
    func refusesBadDocumentsWithLineColumnAndReason(text: String, line: Int, column: Int, reason: String) {
        let error = syntaxError(text)
        #expect(error?.reason == reason, "\(String(describing: error))")
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func boundsNestingDepth() {
        #expect(syntaxError(String(repeating: "[", count: 5) + String(repeating: "]", count: 5), maxDepth: 4)?.reason == "nesting deeper than 4 levels")
        #expect(syntaxError(String(repeating: "[", count: 4) + String(repeating: "]", count: 4), maxDepth: 4) == nil)
    }
}
