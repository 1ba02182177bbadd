import BuzzerFormats
@testable import BuzzerGame
@testable import BuzzerGameJSON
import Testing

/// `list` (docs/kinds-typed.md, "list"): its pack fields, its checked answers, its judging, its reveal counts and its CSV row.
struct ListKindTests {
    static let dwarfs = ListQuestion(accepted: ["Doc", "Grumpy", "Happy", "Sleepy", "Bashful", "Sneezy", "Dopey"], max: 3)

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func recorded(_ items: [String]) -> RecordedAnswer { RecordedAnswer(value: .texts(items), responseMs: 0, receivedAt: 0) }

    @Test func aListPackReadsBackAsWritten() throws {
        let json = #"{"title":"T","questions":[{"kind":"list","category":"C","text":"Name three dwarfs","answer":["Doc","Grumpy","Happy","Sleepy","Bashful","Sneezy","Dopey"],"max":3}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        let content = pack.rounds[0].questions[0].content
        #expect(content.list == Self.dwarfs)
        #expect(ListKind.figures(content) == ["max": 3])
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
    }

    @Test func aBadMaximumOrNoItemsIsRefused() {
        #expect(errors(#"{"title":"T","questions":[{"kind":"list","category":"C","text":"Q","answer":["A","B"],"max":3}]}"#)
            .contains { $0.contains("max") && $0.contains("1 to the number of accepted items") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"list","category":"C","text":"Q","answer":[]}]}"#).count > 0)
        #expect(errors(#"{"title":"T","questions":[{"kind":"text","category":"C","text":"Q","answer":["A"],"max":1}]}"#)
            .contains { $0.contains("text questions take no max") })
    }

    /// Items are trimmed, folded duplicates kept once, empties dropped; too many, or another shape, is refused.
    @Test func answersAreTrimmedAndBounded() throws {
        let content = QuestionContent.list(Self.dwarfs)
        func canonical(_ value: AnswerValue) throws(GameError) -> AnswerValue {
            try ListKind.canonicalAnswer(value, content: content, permutation: [], settings: RoomSettings())
        }
        #expect(try canonical(.texts(["  doc ", "DOC", "", "Grumpy"])) == .texts(["doc", "Grumpy"]))
        #expect(throws: GameError.self) { try canonical(.texts(["A", "B", "C", "D"])) }
        #expect(throws: GameError.self) { try canonical(.texts(["  "])) }
        #expect(throws: GameError.self) { try canonical(.text("Doc")) }
    }

    /// Each accepted item scores once, out of the maximum; the reveal counts who found each.
    @Test func eachAcceptedItemScoresOnceAndTheRevealCountsThem() {
        let content = QuestionContent.list(Self.dwarfs)
        var entry = AskedQuestion(sequence: 0, round: 0, index: 0, shownAt: 0, opensAt: 0, deadline: 1, closesAt: 1, permutation: [])
        entry.answers[PlayerID(1)] = recorded(["doc", "Grumpy", "Rudolph"])
        entry.answers[PlayerID(2)] = recorded(["Dóc"])
        let rule = ListKind.judge(content, entry: entry, partialCredit: .perItem, isRanked: { _ in true })
        #expect(rule(recorded(["doc", "Grumpy", "Rudolph"]))! == (2, 3))
        #expect(rule(recorded(["Doc", "Grumpy", "Happy"]))! == (3, 3))
        #expect(rule(recorded(["Rudolph"]))! == (0, 3))
        #expect(ListKind.revealCounts(content, entry: entry, isRanked: { _ in true }).options == [2, 1, 0, 0, 0, 0, 0])
    }

    @Test func aListAnswerReadsBackFromItsBytes() throws {
        let value = AnswerValue.texts(["Doc", "Grumpy \"G\""])
        var bytes: [UInt8] = []
        value.appendJSON(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"kind":"texts","texts":["Doc","Grumpy \"G\""]}"#)
        #expect(try AnswerValue(json: try JSONParser.parse(bytes)) == value)
        #expect(throws: JSONFieldError.self) { try AnswerValue(json: try JSONParser.parse(Array(#"{"kind":"texts","texts":[1]}"#.utf8))) }
    }

    @Test func aSpreadsheetRowGivesTheItemsAndTheMaximum() throws {
        let csv = "kind,category,text,options,answer\nlist,C,Name three dwarfs,3,Doc|Grumpy|Happy|Sleepy|Bashful|Sneezy|Dopey\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "T").document)
        #expect(pack.rounds[0].questions[0].content.list == Self.dwarfs)
    }
}
