@testable import BuzzerFuzz
import BuzzerGame
import Testing

/// Each kind's `fingerprintAnswer` (its own file's, or the default by reveal shape) gives exactly the
/// key the one switch over kinds gave before the hook (kept below as the reference), so no archive's
/// fingerprints change: every registered kind, over many fuzzed questions (valid ones: a fingerprint
/// is only taken of a pack that passed its checks).
@Suite struct FingerprintAnswerTests {
    /// `QuestionFingerprint.answerKey` as it was at aa93afb, but for `NumberText` and the kinds' own
    /// reveal cases (`RevealedAnswer.kind`), matched here by their types.
    static func referenceKey(_ content: QuestionContent) -> String {
        let tiles = content.options
        let identity = Array(tiles.indices)
        let key = TextNormalizer.answerKey
        switch content.kind.module.revealedAnswer(content, permutation: identity, acceptedExtra: []) {
        case .options(let right):
            return right.compactMap { tiles.indices.contains($0) ? key(tiles[$0]) : nil }.sorted().joined(separator: "|")
        case .kind(_, let own as TrueFalseRevealed):
            return own.value ? "true" : "false"
        case .text(let accepted):
            return accepted.first.map(key) ?? ""
        case .number(let value):
            return NumberText.text(value)
        case .kind(_, is OrderRevealed):
            return tiles.map(key).joined(separator: ">")
        case .kind, .none:
            if content.kind == .poll { return tiles.map(key).sorted().joined(separator: "|") }
            return key(content.kind.module.correctAnswerText(content, acceptedExtra: []))
        }
    }

    @Test func everyKindsFingerprintAnswerIsTheKeyTheOldSwitchGave() {
        var source = FuzzSource(seed: 40)
        for kind in QuestionKind.allCases {
            for draw in 0..<200 {
                let content = kind.module.fuzzContent(wild: false, source: &source)
                #expect(QuestionFingerprint.answerKey(content) == Self.referenceKey(content), "\(kind) draw \(draw)")
            }
        }
    }

    /// The number's text, moved out of the number kind, is the same: 1969 rather than 1969.0.
    @Test func numbersAreWrittenAsBefore() {
        #expect(NumberText.text(1969) == "1969")
        #expect(NumberText.text(-0.5) == "-0.5")
        #expect(NumberText.text(1e15) == "1000000000000000.0")
        #expect(NumberText.text(.infinity) == "inf")
    }
}
