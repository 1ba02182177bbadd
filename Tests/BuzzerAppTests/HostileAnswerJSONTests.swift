@testable import BuzzerFuzz
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Testing

/// The protocol fuzzer's raw answers come from each kind's JSON half (`QuestionKindJSON.hostileAnswer`),
/// not a hand list of kinds: every registered kind's is drawn, and each decodes to an answer the wire
/// accepts or is refused with an error naming what is wrong, never a trap.
@Suite struct HostileAnswerJSONTests {
    @Test func everyKindsHostileRawAnswerIsDrawnAndDecodesOrIsRefusedClearly() {
        var source = FuzzSource(seed: 11)
        var drawn: Set<String> = [], decoded: Set<String> = [], refused: Set<String> = []
        for _ in 0..<3000 {
            let (kind, json) = FuzzGame.hostileAnswer(source: &source)
            if let kind { drawn.insert(kind.rawValue) }
            let value: JSONValue
            do { value = try JSONParser.parse(Array(json.utf8)) } catch {
                Issue.record("not JSON: \(json.prefix(200))")
                continue
            }
            do {
                _ = try AnswerValue(json: value, bounds: .client)
                if let kind { decoded.insert(kind.rawValue) }
            } catch {
                #expect(!error.reason.isEmpty && error.reason.count < 300, "\(json.prefix(200))")
                if let kind { refused.insert(kind.rawValue) }
            }
        }
        let all = Set(QuestionKind.allCases.map(\.rawValue))
        #expect(drawn == all)
        // Each kind's hostile answers reach both sides of its checks (a buzz press is never a client's answer).
        #expect(refused == all, "never refused: \(all.subtracting(refused).sorted())")
        #expect(decoded.isSuperset(of: all.subtracting(["buzz"])), "never decoded: \(all.subtracting(decoded).sorted())")
    }
}
