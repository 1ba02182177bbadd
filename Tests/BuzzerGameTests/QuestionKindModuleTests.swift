import BuzzerFormats
@testable import BuzzerGame
@testable import BuzzerGameJSON
import Testing

/// The register of kinds (Kinds/QuestionKind+Register.swift; `QuestionKind.json` found by protocol) and what every kind's module promises.
struct QuestionKindModuleTests {
    /// One question of each kind, in `QuestionKind.allCases` order.
    static let contents: [QuestionContent] = [
        .choice(options: ["A", "B", "C"], answer: 2), .multi(options: ["A", "B", "C"], answers: [0, 2]), .truefalse(answer: false),
        .text(accepted: ["Paris"]), .number(answer: 1969.5), .poll(options: ["Tea", "Coffee"]), .order(items: ["1st", "2nd", "3rd"]),
        .pin(PinQuestion(target: .point(PinPoint(x: 4_100, y: 3_000), radius: 500))),
        .survey(Survey(scoring: .rare, accepted: ["Paris"], display: .cloud)),
        .buzz(BuzzQuestion(accepted: ["Paris"], penalty: 100)),
        .slider(SliderQuestion(min: 0, max: 100, step: 5, answer: 70, tolerance: 5)),
        .list(ListQuestion(accepted: ["Doc", "Grumpy", "Happy"], max: 2)),
    ]

    @Test func everyKindIsRegisteredWithItsOwnModuleAndCodec() {
        #expect(Self.contents.map(\.kind) == QuestionKind.allCases)
        for kind in QuestionKind.allCases {
            #expect(kind.module.kind == kind)
            #expect(kind.json.kind == kind)
            #expect(QuestionKind(rawValue: kind.rawValue) == kind)
            // Its answers' shape has a codec (the kind the shape is named after).
            if let codec = kind.module.answerShape.codec { #expect(codec.answerShape == kind.module.answerShape) }
        }
        #expect(Set(QuestionKind.allCases.map(\.rawValue)).count == QuestionKind.allCases.count)
        #expect(QuestionKind(rawValue: "nosuchkind") == nil)
    }

    /// The `texts` shape (several typed items) is read and written by the answer codec itself, bounded from a client.
    @Test func textsAnswersReadBackFromTheirBytesAndAreBounded() throws {
        let value = AnswerValue.texts(["Doc", "Grumpy \"G\"", ""])
        var bytes: [UInt8] = []
        value.appendJSON(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"kind":"texts","texts":["Doc","Grumpy \"G\"",""]}"#)
        #expect(try AnswerValue(json: try JSONParser.parse(bytes)) == value)
        let plain = Array(#"{"kind":"texts","texts":["Doc","Happy"]}"#.utf8)
        let fast = plain.withUnsafeBytes { raw -> AnswerValue? in
            var cursor = JSONByteCursor(raw)
            return AnswerValue(exactLayout: &cursor)
        }
        #expect(fast == .texts(["Doc", "Happy"]))
        let tooMany = "{\"kind\":\"texts\",\"texts\":[" + Array(repeating: "\"a\"", count: InputBounds.maxTypedItems + 1).joined(separator: ",") + "]}"
        #expect(throws: JSONFieldError.self) { try AnswerValue(json: try JSONParser.parse(Array(tooMany.utf8))) }
        #expect(throws: JSONFieldError.self) { try AnswerValue(json: try JSONParser.parse(Array(#"{"kind":"texts","texts":[1]}"#.utf8))) }
    }

    /// An answer of another shape reaching a kind's check is refused with an error, never passed on.
    @Test func everyKindRefusesAnAnswerOfAnotherShape() {
        for content in Self.contents {
            let wrong: AnswerValue = content.kind.module.answerShape == .texts ? .number(1) : .texts(["x"])
            #expect(throws: GameError.self, "\(content.kind)") {
                try content.kind.module.canonicalAnswer(wrong, content: content, permutation: Array(content.options.indices), settings: RoomSettings())
            }
        }
    }

    /// A kind's content is its own type, read back typed; another kind's accessor sees nothing.
    @Test func contentIsReadBackTypedOnlyByItsOwnKind() {
        for content in Self.contents {
            #expect(content == content)
            for other in Self.contents where other.kind != content.kind { #expect(content != other) }
        }
        #expect(QuestionContent.choice(options: ["A", "B"], answer: 1).choice?.answer == 1)
        #expect(QuestionContent.choice(options: ["A", "B"], answer: 1).multi == nil)
        #expect(QuestionContent.number(answer: 3).number?.answer == 3)
    }

    /// The answer each kind writes is read back the same by the client's reader, the log's and replay's fast path.
    @Test func everyKindsAnswerReadsBackFromTheBytesItWrites() throws {
        for content in Self.contents {
            let module = content.kind.module
            let permutation = Array(content.options.indices.reversed())
            let shown = module.rightAnswer(content, permutation: permutation)
            #expect(shown.shape == module.answerShape)
            var bytes: [UInt8] = []
            shown.appendJSON(to: &bytes)
            let fast = bytes.withUnsafeBytes { raw -> AnswerValue? in
                var cursor = JSONByteCursor(raw)
                return AnswerValue(exactLayout: &cursor)
            }
            #expect(fast == shown)
            #expect(try AnswerValue(json: try JSONParser.parse(bytes), bounds: .log) == shown)
            #expect(try AnswerValue(json: try JSONParser.parse(bytes), bounds: .client) == shown)
        }
    }

    /// The right answer, checked and mapped to pack indices, earns full credit (a poll has none to give).
    @Test func everyKindsRightAnswerIsJudgedRight() throws {
        for content in Self.contents {
            let module = content.kind.module
            let permutation = Array(content.options.indices.reversed())
            // A buzz is marked by the host, never sent as an answer: its right answer is the room's to record.
            let canonical = content.kind == .buzz ? module.rightAnswer(content, permutation: permutation)
                : try module.canonicalAnswer(module.rightAnswer(content, permutation: permutation), content: content, permutation: permutation, settings: RoomSettings())
            #expect(module.displayedAnswer(canonical, permutation: permutation) == module.rightAnswer(content, permutation: permutation))
            #expect(module.logProblem(canonical, tileCount: content.options.count) == nil)
            // The only answer given (a number question's best is among the answers).
            var entry = AskedQuestion(sequence: 0, round: 0, index: 0, shownAt: 0, opensAt: 0, deadline: 1, closesAt: 1, permutation: permutation)
            let recorded = RecordedAnswer(value: canonical, responseMs: 0, receivedAt: 0)
            entry.answers[PlayerID(1)] = recorded
            let credit = module.judge(content, entry: entry, partialCredit: .perItem, isRanked: { _ in true })(recorded)
            if module.isScored(content) {
                #expect(credit.map { $0.numerator == $0.denominator && $0.numerator > 0 } == true, "\(content.kind)")
            } else {
                #expect(credit == nil)
            }
        }
    }
}
