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

    @Test func jsonStringsEscapeControlCharacters() {
        #expect(AnswerExport.string("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
        #expect(AnswerExport.json([]) == "[]\n")
    }
}
