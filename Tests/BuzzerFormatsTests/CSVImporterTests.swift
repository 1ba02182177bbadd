import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing
@testable import BuzzerFormats

/// CSV as spreadsheets write it (RFC 4180), and the one-question-per-row import built on it.
@Suite struct CSVImporterTests {
    @Test func quotedFieldsCommasDoubledQuotesLineBreaksAndABOMAreRead() throws {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n\nlast,,\n"
        let table = try CSVTable(parsing: Array(text.utf8))
        #expect(table.rows.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
        #expect(table.rows.map(\.line) == [1, 2, 5], "a row is named by the line it starts on")
        #expect(throws: CSVTable.ParseError.unterminatedQuote(line: 2)) { try CSVTable(parsing: Array("a\n\"open".utf8)) }
        #expect(throws: CSVTable.ParseError.textAfterQuote(line: 1)) { try CSVTable(parsing: Array("\"a\"b".utf8)) }
        #expect(throws: CSVTable.ParseError.notUTF8) { try CSVTable(parsing: [0xFF, 0xFE, 0x00]) }
    }

    /// A spreadsheet's line break in a cell is `\r\n` (or `\r`); a pack refuses `\r` (issue 28), so it is read as `\n`.
    @Test func aLineBreakInACellIsReadAsNewline() throws {
        let table = try CSVTable(parsing: Array("a,\"one\r\ntwo\rthree\"\r\nnext,x\r\n".utf8))
        #expect(table.rows.map(\.fields) == [["a", "one\ntwo\nthree"], ["next", "x"]])
        #expect(table.rows.map(\.line) == [1, 4])
        let csv = "category,text,options,answer\r\nGeo,\"Capital\r\nof Canada?\",Toronto|Ottawa,B\r\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "Night").document)
        #expect(pack.rounds[0].questions[0].text == "Capital\nof Canada?")
    }

    @Test func everyKindImportsFromOneRowEachAndRoundsFollowTheRoundColumn() throws {
        let csv = """
        round,category,kind,text,options,answer,explanation,points,timeLimit
        Warm-up,Geography,,Capital of Canada?,Toronto|Ottawa|Montreal,B,Since 1857.,,
        Warm-up,Science,,Which are noble gases?,Neon|Iron|Argon,Neon|Argon,,2,
        Warm-up,History,,Rome was built in a day.,,no,,,
        Finale,Music,,Who recorded Abbey Road?,,The Beatles|Beatles,,,30
        Finale,History,,Year of the Moon landing?,,"1,969",,,
        Finale,Fun,poll,Best topping?,Ham|Pineapple,,,,
        """
        let imported = try CSVImporter.packDocument(from: Array(csv.utf8), title: "Night")
        let pack = try QuestionPack.decode(imported.document)
        #expect(pack.rounds.map(\.title) == ["Warm-up", "Finale"])
        let questions = pack.rounds.flatMap(\.questions)
        #expect(questions.map(\.kind) == [.choice, .multi, .truefalse, .text, .number, .poll])
        #expect(questions[0].content == .choice(options: ["Toronto", "Ottawa", "Montreal"], answer: 1))
        #expect(questions[0].explanation == "Since 1857.")
        #expect(questions[1].content == .multi(options: ["Neon", "Iron", "Argon"], answers: [0, 2]))
        #expect(questions[1].points == 2)
        #expect(questions[2].content == .truefalse(answer: false))
        #expect(questions[3].content == .text(accepted: ["The Beatles", "Beatles"]))
        #expect(questions[3].timeLimit == 30)
        #expect(questions[4].content == .number(answer: 1969))
        #expect(imported.rowLines["rounds[1].questions[0]"] == 5)
    }

    /// An order question's options column holds its items in the right order, and it has no answer.
    @Test func anOrderRowImportsItsItemsInTheRightOrder() throws {
        let csv = "kind,category,text,options,answer\norder,Space,Nearest the Sun first,Mercury|Venus|Earth,\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "T").document)
        #expect(pack.rounds[0].questions[0].content == .order(items: ["Mercury", "Venus", "Earth"]))
        #expect(throws: CSVImporter.ImportError.row(line: 2, "an order question has no answer: list its options in the right order")) {
            try CSVImporter.packDocument(from: Array("kind,text,options,answer\norder,Q?,A|B|C,A\n".utf8), title: "T")
        }
    }

    @Test func aBadRowIsNamedByItsLine() {
        let bad = "text,options,answer\nQ?,A|B,C\n"
        #expect(throws: CSVImporter.ImportError.row(line: 2, "the answer \"C\" is not an option: give its letter (A, B, …), its number from 1, or its text")) {
            try CSVImporter.packDocument(from: Array(bad.utf8), title: "T")
        }
        #expect(throws: CSVImporter.ImportError.unknownColumn("colour")) {
            try CSVImporter.packDocument(from: Array("text,colour\nQ?,red\n".utf8), title: "T")
        }
        #expect(throws: CSVImporter.ImportError.missingColumn("text")) {
            try CSVImporter.packDocument(from: Array("answer\n1\n".utf8), title: "T")
        }
        #expect(throws: CSVImporter.ImportError.noQuestions) {
            try CSVImporter.packDocument(from: Array("text,answer\n".utf8), title: "T")
        }
    }

    /// A choice row without options and a numbered answer: the range 1...0 trapped, and the library's CSV upload with it.
    @Test func aNumberedAnswerWithoutOptionsIsRefusedNotATrap() {
        #expect(throws: CSVImporter.ImportError.row(line: 2, "the answer \"1\" is not an option: give its letter (A, B, …), its number from 1, or its text")) {
            try CSVImporter.packDocument(from: Array("kind,text,options,answer\nchoice,Q?,,1\n".utf8), title: "T")
        }
    }
}
