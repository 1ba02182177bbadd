import BuzzerGame
import Foundation
import Testing

/// A reveal's right answer on the wire (`correct` in `question`, `reveal`, `state`; `rightValue` in a
/// player's night): the same bytes whether its shape is shared (options, text, number) or one kind's
/// own (true/false, order, pin: written by the kind, read back by the kind its `kind` names).
@Suite struct RevealedAnswerJSONTests {
    static let cases: [(RevealedAnswer, String)] = [
        (.options([1, 3]), #"{"kind":"options","options":[1,3]}"#),
        (.text(["The Beatles", "Beatles"]), #"{"accepted":["The Beatles","Beatles"],"kind":"text"}"#),
        (.number(1969), #"{"kind":"number","value":1969}"#),
        (.truefalse(true), #"{"kind":"truefalse","value":true}"#),
        (.truefalse(false), #"{"kind":"truefalse","value":false}"#),
        (.order([2, 0, 1]), #"{"kind":"order","order":[2,0,1]}"#),
        (.pin(PinQuestion(target: .point(PinPoint(x: 4_100, y: 3_000), radius: 500))),
         #"{"kind":"pin","pin":{"aspect":1,"radius":0.05,"scoring":"radius","target":{"x":0.41,"y":0.3}}}"#),
        (.none, #"{"kind":"none"}"#),
    ]

    @Test func everyRightAnswerIsWrittenAsBeforeAndReadsBack() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (answer, json) in Self.cases {
            #expect(String(decoding: try encoder.encode(answer), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(RevealedAnswer.self, from: Data(json.utf8)) == answer, "\(json)")
        }
        #expect(RevealedAnswer.truefalse(true) != .truefalse(false))
        #expect(RevealedAnswer.order([0, 1]) != .options([0, 1]))
    }

    @Test func aRightAnswerOfNoKindIsRefused() {
        for json in [#"{"kind":"slider","value":1}"#, #"{"kind":"nonsense"}"#, #"{"kind":"pin"}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(RevealedAnswer.self, from: Data(json.utf8)) }
        }
    }
}
