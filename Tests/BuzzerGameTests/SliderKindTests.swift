import BuzzerFormats
@testable import BuzzerGame
@testable import BuzzerGameJSON
import Testing

/// `slider` (docs/kinds-typed.md, "slider"): its pack fields, its checked answers, its judging and its CSV row.
struct SliderKindTests {
    static let question = SliderQuestion(min: 0, max: 100, step: 5, answer: 70, tolerance: 5)

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func entry(_ answers: [Int: Double]) -> AskedQuestion {
        var entry = AskedQuestion(sequence: 0, round: 0, index: 0, shownAt: 0, opensAt: 0, deadline: 1, closesAt: 1, permutation: [])
        for (player, value) in answers { entry.answers[PlayerID(player)] = RecordedAnswer(value: .number(value), responseMs: 0, receivedAt: 0) }
        return entry
    }

    @Test func aSliderPackReadsBackAsWritten() throws {
        let json = #"{"title":"T","questions":[{"kind":"slider","category":"C","text":"Q","min":0,"max":100,"step":5,"answer":70,"tolerance":5}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        let content = pack.rounds[0].questions[0].content
        #expect(content.slider == Self.question)
        #expect(SliderKind.figures(content) == ["min": 0, "max": 100, "step": 5, "tolerance": 5])
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
    }

    @Test func aBadScaleIsRefusedFieldByField() {
        #expect(errors(#"{"title":"T","questions":[{"kind":"slider","category":"C","text":"Q","min":10,"max":5,"answer":7}]}"#)
            .contains { $0.contains("max") && $0.contains("greater than min") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"slider","category":"C","text":"Q","min":0,"max":10,"step":0,"answer":7}]}"#)
            .contains { $0.contains("step") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"slider","category":"C","text":"Q","min":0,"max":10,"answer":70}]}"#)
            .contains { $0.contains("answer") && $0.contains("from min to max") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"slider","category":"C","text":"Q","max":10,"answer":7}]}"#)
            .contains { $0.contains("missing field \"min\"") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"number","category":"C","text":"Q","answer":7,"tolerance":1}]}"#)
            .contains { $0.contains("number questions take no tolerance") })
    }

    /// A number in range is snapped to its step; out of range, or another shape, is refused with an error.
    @Test func answersAreCheckedAgainstTheScale() throws {
        let content = QuestionContent.slider(Self.question)
        func canonical(_ value: AnswerValue) throws(GameError) -> AnswerValue {
            try SliderKind.canonicalAnswer(value, content: content, permutation: [], settings: RoomSettings())
        }
        #expect(try canonical(.number(71)) == .number(70))
        #expect(try canonical(.number(100)) == .number(100))
        #expect(throws: GameError.self) { try canonical(.number(101)) }
        #expect(throws: GameError.self) { try canonical(.number(-1)) }
        #expect(throws: GameError.self) { try canonical(.number(.nan)) }
        #expect(throws: GameError.self) { try canonical(.option(1)) }
        #expect(SliderKind.answerShape == .number)
    }

    @Test func withAToleranceEveryGuessWithinItIsRight() {
        let content = QuestionContent.slider(Self.question)
        let rule = SliderKind.judge(content, entry: entry([1: 65, 2: 80]), partialCredit: .perItem, isRanked: { _ in true })
        #expect(rule(RecordedAnswer(value: .number(65), responseMs: 0, receivedAt: 0))! == (1, 1))
        #expect(rule(RecordedAnswer(value: .number(80), responseMs: 0, receivedAt: 0))! == (0, 1))
    }

    @Test func withoutAToleranceTheClosestWinsAndTheRevealDrawsEveryGuess() {
        var question = Self.question
        question.tolerance = nil
        let content = QuestionContent.slider(question)
        let asked = entry([1: 50, 2: 80, 3: 60])
        let rule = SliderKind.judge(content, entry: asked, partialCredit: .perItem, isRanked: { _ in true })
        #expect(rule(RecordedAnswer(value: .number(80), responseMs: 0, receivedAt: 0))! == (1, 1))
        #expect(rule(RecordedAnswer(value: .number(60), responseMs: 0, receivedAt: 0))! == (1, 1))
        #expect(rule(RecordedAnswer(value: .number(50), responseMs: 0, receivedAt: 0))! == (0, 1))
        let guesses = SliderKind.revealGuesses(content, entry: asked, isRanked: { _ in true }, nickname: { _ in nil }) ?? []
        #expect(guesses.map(\.value) == [80, 60, 50])  // 80 and 60 tie at 10 away: by player number
    }

    @Test func aSpreadsheetRowGivesTheScaleInItsOptions() throws {
        let csv = "kind,category,text,options,answer\nslider,C,Q,0|100|5|5,70\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "T").document)
        #expect(pack.rounds[0].questions[0].content.slider == Self.question)
        #expect(throws: CSVImporter.ImportError.self) {
            try CSVImporter.packDocument(from: Array("kind,category,text,options,answer\nslider,C,Q,0,70\n".utf8), title: "T")
        }
    }
}
