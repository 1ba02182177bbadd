import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

@Suite struct QuestionPackTests {
    private func decode(_ json: String) -> Result<QuestionPack, QuestionPackErrors> {
        do {
            return .success(try QuestionPack.decode(json: Array(json.utf8)))
        } catch {
            return .failure(error)
        }
    }

    private func errors(_ json: String) -> [String] {
        switch decode(json) {
        case .success: []
        case .failure(let failure): failure.errors.map(\.description)
        }
    }

    static let contractExample = """
    {
      "title": "Pub Classics",
      "description": "optional",
      "rounds": [
        { "title": "General Knowledge", "wager": false, "questions": [
          { "kind": "choice", "category": "Geography", "text": "Capital of Australia?", "options": ["Sydney", "Canberra", "Melbourne", "Perth"], "answer": 1, "explanation": "optional", "points": 1, "timeLimit": 20 },
          { "kind": "multi", "category": "Science", "text": "Which are noble gases?", "options": ["Neon", "Iron", "Argon", "Oxygen"], "answer": [0, 2] },
          { "kind": "truefalse", "category": "History", "text": "The Great Wall is visible from the Moon.", "answer": false },
          { "kind": "text", "category": "Music", "text": "Who recorded Abbey Road?", "answer": ["The Beatles", "Beatles"] },
          { "kind": "number", "category": "History", "text": "Year of the Moon landing?", "answer": 1969 },
          { "kind": "poll", "category": "Fun", "text": "Best pizza topping?", "options": ["Ham", "Pineapple"] }
        ]}
      ]
    }
    """

    @Test func decodesTheContractExample() throws {
        let pack = try QuestionPack.decode(json: Array(Self.contractExample.utf8))
        #expect(pack.title == "Pub Classics")
        #expect(pack.description == "optional")
        #expect(pack.rounds.count == 1)
        #expect(!pack.isFlat)
        let questions = pack.rounds[0].questions
        #expect(questions.map(\.kind) == [.choice, .multi, .truefalse, .text, .number, .poll])
        #expect(questions[0].content == .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1))
        #expect(questions[0].timeLimit == 20)
        #expect(questions[1].content == .multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2]))
        #expect(questions[3].content == .text(accepted: ["The Beatles", "Beatles"]))
        #expect(questions[4].content == .number(answer: 1969))
        #expect(questions[5].points == 1)
        #expect(pack.validate().isEmpty)
    }

    /// What a page loads before the first question: each kind the pack uses, once, in first-use order.
    @Test func namesTheKindsItsQuestionsUseOnceInFirstUseOrder() throws {
        let pack = try QuestionPack.decode(json: Array(Self.contractExample.utf8))
        #expect(pack.kinds == [.choice, .multi, .truefalse, .text, .number, .poll])
        let numbers = QuestionPack(title: "T", rounds: [
            PackRound(questions: [pack.rounds[0].questions[4]]), PackRound(questions: [pack.rounds[0].questions[0], pack.rounds[0].questions[4]]),
        ])
        #expect(numbers.kinds == [.number, .choice])
    }

    @Test func roundTripsThroughCodablePreservingUnicode() throws {
        let pack = QuestionPack(title: "Maths ∫", questions: [
            Question(category: "Calculus", text: "∫ x² dx = ?", content: .choice(options: ["x³/3 + C", "2x", "x²", "😀"], answer: 0), points: 2, timeLimit: 30),
        ])
        #expect(pack.isFlat)
        let data = try JSONEncoder().encode(pack)
        let decoded = try JSONDecoder().decode(QuestionPack.self, from: data)
        #expect(decoded == pack)
        let strict = try QuestionPack.decode(json: Array(data))
        #expect(strict == pack)
        #expect(strict.rounds[0].questions[0].text == "∫ x² dx = ?")
    }

    @Test func decodesEscapedUnicodeAndSurrogatePairs() throws {
        let json = #"{"title":"\u222b x\u00b2 \ud83d\ude00","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.title == "∫ x² 😀")
    }

    @Test func reportsSyntaxErrorsWithLineAndColumn() {
        let json = "{\n  \"title\": \"x\",\n  \"questions\": [1 2]\n}"
        #expect(errors(json) == ["JSON syntax error at line 3, column 19: unexpected '2', expected ',' or ']'"])
        #expect(errors("") == ["JSON syntax error at line 1, column 1: unexpected end of input, expected a value"])
        #expect(errors("{\"title\":\"a\",\"title\":\"b\"}") == ["JSON syntax error at line 1, column 14: duplicate key \"title\""])
    }

    @Test func reportsIdenticalOptionsWithFlatPath() {
        let json = """
        {"title":"t","questions":[
          {"kind":"truefalse","category":"c","text":"t","answer":true},
          {"kind":"truefalse","category":"c","text":"t","answer":true},
          {"kind":"truefalse","category":"c","text":"t","answer":true},
          {"kind":"choice","category":"History","text":"Year?","options":["1569","1570","1569 "],"answer":1}
        ]}
        """
        #expect(errors(json) == [#"questions[3].options: two options are identical ("1569 ")"#])
    }

    @Test func reportsMultiWithNoCorrectOptionWithRoundPath() {
        var questions = Array(repeating: #"{"kind":"truefalse","category":"c","text":"t","answer":true}"#, count: 7)
        questions.append(#"{"kind":"multi","category":"c","text":"t","options":["a","b","c"],"answer":[]}"#)
        let json = #"{"title":"t","rounds":[{"title":"R1","questions":[\#(questions.joined(separator: ","))]}]}"#
        #expect(errors(json) == ["rounds[0].questions[7].answer: no option is marked correct"])
    }

    @Test func reportsEveryErrorNotJustTheFirst() {
        let json = """
        {"title":"  ","colour":"red","questions":[
          {"kind":"choice","text":"","options":["a","b","c","d","e","f","g"],"answer":9,"points":3,"timeLimit":1000},
          {"kind":"truefalse","category":"c","text":"t","options":["yes","no"],"answer":true},
          {"kind":"number","category":"c","text":"t","answer":"1969"},
          {"kind":"multi","category":"c","text":"t","options":["a","b","c"],"answer":[0,0,5]},
          {"kind":"multi","category":"c","text":"t","options":["a","b"],"answer":[0,1]},
          {"kind":"text","category":"c","text":"t","answer":["Beatles","the  BEATLES!", "beatles"]},
          {"kind":"poll","category":"c","text":"t","options":["a"],"answer":0},
          {"kind":"essay","category":"c","text":"t","answer":0, "hint": "x"},
          {"kind":"choice","category":"c","text":"t","options":["a",""],"answer":1.5,"points":"2"}
        ]}
        """
        #expect(errors(json) == [
            "colour: unknown field",
            "title: must not be empty",
            "questions[0]: missing field \"category\"",
            "questions[0].text: must not be empty",
            "questions[0].points: must be 0, 1 or 2 (found 3)",
            "questions[0].timeLimit: 1000 seconds is out of range (5-300)",
            "questions[0].options: has 7 options; choice questions need 2 to 6",
            "questions[0].answer: option index 9 is out of range (0-6)",
            "questions[1].options: truefalse questions take no options",
            "questions[2].answer: expected a number, found \"1969\"",
            "questions[3].answer[1]: option index 0 is listed twice",
            "questions[3].answer[2]: option index 5 is out of range (0-2)",
            "questions[4].answer: every option is marked correct; leave at least one wrong option",
            "questions[5].answer[2]: \"beatles\" is the same as an earlier accepted answer once case, accents and punctuation are ignored",
            "questions[6].options: has 1 option; poll questions need 2 to 6",
            "questions[6].answer: poll questions have no answer",
            "questions[7].hint: unknown field",
            "questions[7].kind: expected one of \(QuestionKind.allCases.map(\.rawValue).joined(separator: ", ")), found \"essay\"",
            "questions[8].points: must be 0, 1 or 2 (found \"2\")",
            "questions[8].options[1]: must not be empty",
            "questions[8].answer: expected the index of the correct option, found 1.5",
        ])
    }

    @Test func reportsMissingQuestionsAndBothLayouts() {
        #expect(errors(#"{"title":"t"}"#) == [#"missing field "rounds" (or a flat "questions" array)"#])
        #expect(errors(#"{"title":"t","rounds":[],"questions":[]}"#) == [#"use either "rounds" or "questions", not both"#])
        #expect(errors(#"{"title":"t","rounds":[]}"#) == ["rounds: the pack has no rounds"])
        #expect(errors(#"{"title":"t","rounds":[{"title":"x","questions":[]}]}"#) == ["rounds[0].questions: the round has no questions"])
        #expect(errors("[1]") == ["expected the pack as an object, found an array"])
    }

    @Test func validateReportsProblemsOfPacksBuiltInCode() {
        let pack = QuestionPack(title: "OpenTDB", questions: [
            Question(category: "", text: "Q", content: .choice(options: ["A", "a"], answer: 2), points: 5, timeLimit: 2),
        ])
        #expect(pack.validate().map(\.description) == [
            "questions[0].category: must not be empty",
            #"questions[0].options: two options are identical ("a")"#,
            "questions[0].answer: option index 2 is out of range (0-1)",
            "questions[0].points: must be 0, 1 or 2 (found 5)",
            "questions[0].timeLimit: 2 seconds is out of range (5-300)",
        ])
    }

    @Test func codableDecodingRejectsUnknownFields() {
        let json = #"{"title":"t","questions":[{"kind":"truefalse","category":"c","text":"t","answer":true,"extra":1}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(QuestionPack.self, from: Data(json.utf8)) }
    }
}

/// Issue 28, defect 8: a pack whose title held `ESC ] 0 ; pwned BEL ESC [ 2 J` was accepted, and
/// `buzzer replay list` and the server's log printed it raw to the operator's terminal.
@Suite struct PackControlCharacterTests {
    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func refusesControlCharactersInEveryOneLineFieldNamingItsPath() {
        let found = errors(#"""
        {"title": "\u001b]0;pwned\u0007\u001b[2J", "rounds": [
          {"title": "R\u009b1", "break": {"title": "Half\ntime", "text": "back\u0000soon"}, "questions": [
            {"kind": "choice", "category": "Geo\u007f", "text": "Capital?", "options": ["A", "B\u001b[31m"], "answer": 0},
            {"kind": "text", "category": "Music", "text": "Who?", "answer": ["ok", "be\u0085atles"]},
            {"kind": "order", "category": "Space", "text": "Order them", "items": ["one", "two\t", "three"],
             "media": {"image": "/media/\#(String(repeating: "a", count: 64)).png", "alt": "a\rb"}}
          ]}
        ]}
        """#)
        #expect(found == [
            "title: holds the control character U+001B; it must be one line of text",
            "rounds[0].title: holds the control character U+009B; it must be one line of text",
            "rounds[0].break.title: holds the control character U+000A; it must be one line of text",
            "rounds[0].break.text: holds the control character U+0000; only line breaks and tabs are allowed here",
            "rounds[0].questions[0].category: holds the control character U+007F; it must be one line of text",
            "rounds[0].questions[0].options[1]: holds the control character U+001B; it must be one line of text",
            "rounds[0].questions[1].answer[1]: holds the control character U+0085; it must be one line of text",
            "rounds[0].questions[2].media.alt: holds the control character U+000D; it must be one line of text",
            "rounds[0].questions[2].items[1]: holds the control character U+0009; it must be one line of text",
        ])
    }

    @Test func longTextsKeepLineBreaksAndTabsOnly() {
        let pack = #"""
        {"title": "T", "description": "two\nlines", "questions": [
          {"kind": "choice", "category": "C", "text": "first line\nsecond\tline", "options": ["A", "B"], "answer": 0, "explanation": "because\nof this"}
        ]}
        """#
        #expect(errors(pack) == [])
        #expect(errors(pack.replacingOccurrences(of: "second\\tline", with: "second\\rline")) == [
            "questions[0].text: holds the control character U+000D; only line breaks and tabs are allowed here",
        ])
        #expect(errors(pack.replacingOccurrences(of: "because", with: "\\u001b[2Jbecause")) == [
            "questions[0].explanation: holds the control character U+001B; only line breaks and tabs are allowed here",
        ])
        // A pack built in code is held to the same rule.
        var built = QuestionPack(title: "T\u{1B}", questions: [
            Question(category: "C", text: "Q", content: .choice(options: ["A", "B"], answer: 0)),
        ])
        #expect(built.validate().map(\.description) == ["title: holds the control character U+001B; it must be one line of text"])
        built.title = "T"
        #expect(built.validate().isEmpty)
    }

    @Test func aPackReadBackFromTheLogMayHoldThemSoOldGamesStillReplay() throws {
        let json = #"{"title": "\u001b]0;pwned\u0007", "questions": [{"kind": "truefalse", "category": "C", "text": "Q", "answer": true}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8), limits: .lenient)
        #expect(pack.title == "\u{1B}]0;pwned\u{7}")
        #expect(!errors(json).isEmpty)
    }
}
