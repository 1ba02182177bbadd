/// A question's identity across games, packs and seasons: the same question asked from two packs,
/// with its options in another order, its wording re-spaced or re-cased, or more accepted answers
/// added, has the same fingerprint; a changed wording or a changed right answer makes a new one.
///
/// It is FNV-1a (64 bits) over the question's `TextNormalizer.answerKey` and its answer's, so it
/// is the same on every machine and in every version that keeps these rules (docs/replay-season.md,
/// "Question fingerprints"). It is printed as 16 lowercase hex digits.
package struct QuestionFingerprint: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: UInt64

    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The fingerprint of a pack question.
    package init(_ question: Question) {
        self.init(text: question.text, answer: Self.answerKey(question.content))
    }

    /// The fingerprint of a question's text and its answer key (`answerKey(_:)`).
    package init(text: String, answer: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in TextNormalizer.answerKey(text).utf8 { mix(byte) }
        mix(0x1F)
        for byte in answer.utf8 { mix(byte) }
        rawValue = hash
    }

    /// Reads 16 hex digits, as `description` writes them; nil for anything else.
    package init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        rawValue = value
    }

    package var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func < (a: QuestionFingerprint, b: QuestionFingerprint) -> Bool { a.rawValue < b.rawValue }

    /// What the answer contributes: its kind's `fingerprintAnswer` (the right options' texts sorted, so
    /// the order of options in the pack does not matter; the first accepted text of a typed answer, so
    /// accepting more variants does not make another question; the number; an order's items in their
    /// right order; a poll's options; for the other kinds, the right answer as the export writes it).
    package static func answerKey(_ content: QuestionContent) -> String {
        content.kind.module.fingerprintAnswer(content)
    }
}
