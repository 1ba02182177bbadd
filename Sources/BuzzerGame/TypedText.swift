/// A typed answer's folding, one rule for every kind that takes typed text (text, survey, list and a
/// buzz floor holder's typed answer), so none of them reaches into another kind for it.
package enum TypedText {
    /// Runs of whitespace become one space; an empty or over-long reply is refused.
    package static func trimmed(_ text: String, maxLength: Int) throws(GameError) -> String {
        let trimmed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !trimmed.isEmpty else { throw .invalidAnswer("the answer is empty") }
        guard trimmed.count <= maxLength else {
            throw .invalidAnswer("the answer is longer than \(maxLength) characters")
        }
        return trimmed
    }

    /// Typed text: an accepted answer as a player might type it, or anything (the fuzzer's answers and `accept`).
    package static func fuzzTyped(accepted: [String]?, source: inout some KindFuzzSource) -> String {
        if let accepted, !accepted.isEmpty, source.chance(0.5) {
            let answer = source.pick(accepted)
            return source.pick([answer, answer.uppercased(), "  \(answer)  ", "\(answer)!", "\(answer)s"])
        }
        return source.chance(0.7) ? source.pick(["yes", "no", "The Beatles", "beatles", "42"]) : source.anyText()
    }
}
