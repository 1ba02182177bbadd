import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing
@testable import BuzzerFormats

/// The import as `buzzer import opentdb` runs it: the document, then the game's pack checks.
extension OpenTDBImporter {
    static func importPack(from data: Data, title: String, rounds: Rounds = .byCategory) throws -> QuestionPack {
        try QuestionPack.decode(packDocument(from: data, title: title, rounds: rounds))
    }
}

@Suite struct OpenTDBImporterTests {
    static func fixture() -> Data { Data(OpenTDBFixture.response.utf8) }

    private func importError(_ json: String) -> OpenTDBImportError? {
        do {
            _ = try OpenTDBImporter.packDocument(from: Array(json.utf8), title: "T")
            return nil
        } catch {
            return error
        }
    }

    @Test func importsFixtureIntoAValidPack() throws {
        let pack = try OpenTDBImporter.importPack(from: Self.fixture(), title: "Friday Import")
        #expect(pack.title == "Friday Import")
        #expect(pack.description == OpenTDBImporter.attribution)
        #expect(pack.questionCount == 6)
        #expect(pack.validate().isEmpty)
    }

    @Test func groupsRoundsByCategoryInOrderOfFirstAppearance() throws {
        let pack = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T")
        #expect(pack.rounds.map(\.title) == ["Entertainment: Music", "Science & Nature", "Geography", "Entertainment: Film"])
        #expect(pack.rounds.map(\.questions.count) == [2, 2, 1, 1])
        #expect(pack.rounds.allSatisfy { round in round.questions.allSatisfy { $0.category == round.title } })
    }

    @Test func singleRoundProducesAFlatPack() throws {
        let pack = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T", rounds: .single)
        #expect(pack.isFlat)
        #expect(pack.questionCount == 6)
        #expect(pack.rounds[0].questions.map(\.category).contains("Science & Nature"))
    }

    @Test func decodesEntitiesInTextOptionsAndCategories() throws {
        let questions = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T", rounds: .single).rounds[0].questions
        #expect(questions[0].text == "Which band sang \"Hello, Goodbye\"?")
        #expect(questions[1].text == "The chemical symbol for sodium is 'Na'.")
        #expect(questions[1].category == "Science & Nature")
        #expect(questions[2].text == "Which composer wrote the “Boléro”?")
        #expect(questions[2].content.options.contains("Camille Saint-Saëns"))
        #expect(questions[3].text == "What is the capital of Canada?")
        #expect(questions[3].content.options.contains("Montréal"))
        #expect(questions[4].text == "Water boils at 50°C at sea level.")
        #expect(questions[5].text == "Who directed \"Amélie\" (2001)?")
        #expect(questions[5].content.options.contains("François Ozon"))
    }

    @Test func multipleBecomesChoiceWithTheCorrectAnswerMarked() throws {
        let questions = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T", rounds: .single).rounds[0].questions
        let expected = ["The Beatles", "Maurice Ravel", "Ottawa", "Jean-Pierre Jeunet"]
        let choices = questions.compactMap { question -> (options: [String], answer: Int)? in
            guard case let (options, answer)? = question.content.choice else { return nil }
            return (options, answer)
        }
        #expect(choices.count == 4)
        #expect(choices.map { $0.options[$0.answer] } == expected)
        #expect(choices.allSatisfy { $0.options.count == 4 })
        // The Beatles' question keeps its incorrect answers in their original order around the insert.
        #expect(choices[0].options.filter { $0 != "The Beatles" } == ["The Rolling Stones", "The Kinks", "The Who"])
    }

    @Test func booleanBecomesTrueFalse() throws {
        let questions = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T", rounds: .single).rounds[0].questions
        #expect(questions[1].content == .truefalse(answer: true))
        #expect(questions[4].content == .truefalse(answer: false))
    }

    @Test func correctAnswerPositionIsStableButNotAlwaysFirst() throws {
        let first = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T")
        let second = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T")
        #expect(first == second)
        #expect(first.prettyJSON() == second.prettyJSON())
        let positions = (0..<40).map { OpenTDBImporter.answerPosition(for: "Question number \($0)?", optionCount: 4) }
        #expect(Set(positions) == [0, 1, 2, 3])
        // FNV-1a of the empty string is the offset basis, 0xcbf29ce484222325, which is 1 mod 4.
        #expect(OpenTDBImporter.answerPosition(for: "", optionCount: 4) == 1)
    }

    @Test func importedPackSurvivesPrettyJSONRoundTrip() throws {
        let pack = try OpenTDBImporter.importPack(from: Self.fixture(), title: "T")
        let json = pack.prettyJSON()
        #expect(json.hasPrefix("{\n  \"title\": \"T\",\n  \"description\": "))
        #expect(json.contains("\"kind\": \"truefalse\""))
        #expect(try QuestionPack.decode(json: Array(json.utf8)) == pack)
    }

    @Test func prettyJSONWritesKeysInDocumentedOrder() throws {
        let pack = QuestionPack(title: "Q", questions: [
            Question(category: "Maths", text: "∫ x² dx?\n\"tab\"\t", content: .choice(options: ["x³/3 + C", "2x"], answer: 0),
                     explanation: "e", points: 2, timeLimit: 30),
            Question(category: "History", text: "Year?", content: .number(answer: 1969)),
        ])
        let expected = """
        {
          "title": "Q",
          "questions": [
            {
              "kind": "choice",
              "category": "Maths",
              "text": "∫ x² dx?\\n\\"tab\\"\\t",
              "options": ["x³/3 + C", "2x"],
              "answer": 0,
              "explanation": "e",
              "points": 2,
              "timeLimit": 30
            },
            {
              "kind": "number",
              "category": "History",
              "text": "Year?",
              "answer": 1969,
              "points": 1
            }
          ]
        }

        """
        #expect(pack.prettyJSON() == expected)
    }

    @Test func rejectsNonZeroResponseCode() {
        #expect(importError(#"{"response_code":1,"results":[]}"#) == .responseCode(1))
        #expect(importError(#"{"response_code":5}"#) == .responseCode(5))
        #expect(OpenTDBImportError.responseCode(5).description.contains("rate limited"))
    }

    @Test func rejectsEmptyResults() {
        #expect(importError(#"{"response_code":0,"results":[]}"#) == .noQuestions)
    }

    @Test func rejectsUnknownTypeWithItsPath() {
        let json = #"{"response_code":0,"results":[{"type":"boolean","difficulty":"easy","category":"C","question":"Q?","correct_answer":"True","incorrect_answers":["False"]},{"type":"open","difficulty":"easy","category":"C","question":"Q2?","correct_answer":"A","incorrect_answers":[]}]}"#
        #expect(importError(json) == .unknownType(path: "results[1].type", type: "open"))
    }

    @Test func rejectsBooleanWithOddAnswer() {
        let json = #"{"response_code":0,"results":[{"type":"boolean","difficulty":"easy","category":"C","question":"Q?","correct_answer":"Maybe","incorrect_answers":["False"]}]}"#
        #expect(importError(json) == .invalidBooleanAnswer(path: "results[0].correct_answer", value: "Maybe"))
    }

    @Test func rejectsMissingFieldWithItsPath() {
        let json = #"{"response_code":0,"results":[{"type":"multiple","difficulty":"easy","category":"C","question":"Q?","incorrect_answers":["a","b","c"]}]}"#
        #expect(importError(json) == .malformedJSON(path: "results[0].correct_answer", reason: "missing"))
    }

    @Test func rejectsWrongTypeWithItsPath() {
        let json = #"{"response_code":0,"results":[{"type":"multiple","difficulty":"easy","category":"C","question":"Q?","correct_answer":"A","incorrect_answers":"b"}]}"#
        guard case .malformedJSON(let path, _) = importError(json) else {
            Issue.record("expected malformedJSON")
            return
        }
        #expect(path == "results[0].incorrect_answers")
    }

    @Test func rejectsInvalidJSON() {
        guard case .malformedJSON = importError(#"{"response_code":0,"results":["#) else {
            Issue.record("expected malformedJSON")
            return
        }
    }

    @Test func questionsThatMakeAnInvalidPackAreRefusedByThePackChecks() throws {
        // Two options that differ only by case are duplicates in the pack format.
        let json = #"{"response_code":0,"results":[{"type":"multiple","difficulty":"easy","category":"C","question":"Q?","correct_answer":"Paris","incorrect_answers":["paris","Rome","Oslo"]}]}"#
        let document = try OpenTDBImporter.packDocument(from: Array(json.utf8), title: "T")
        #expect(throws: QuestionPackErrors.self) { try QuestionPack.decode(document) }
        do {
            _ = try QuestionPack.decode(document)
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.description.hasPrefix("rounds[0].questions[0].options") == true)
        }
    }
}
