import BuzzerFormats

/// What gives an answer away in a message. One predicate for the leak test
/// (`RoomPublisherTests.noPlayerOrDisplayGetsTheAnswerBeforeTheReveal`) and the protocol fuzzer:
/// before a question's reveal, no player or display message may name any of `answerKeys`.
package enum AnswerLeak {
    /// Keys that name an answer: only the host's copies and the reveal may carry them.
    package static let answerKeys: Set<String> = ["correct", "accepted", "explanation", "answer", "typedAnswers"]

    /// The first of `keys` found anywhere in `value`, depth first.
    package static func firstKey(of keys: Set<String> = answerKeys, in value: JSONValue) -> String? {
        switch value {
        case .object(let members):
            for (key, child) in members {
                if keys.contains(key) { return key }
                if let found = firstKey(of: keys, in: child) { return found }
            }
        case .array(let elements):
            for child in elements { if let found = firstKey(of: keys, in: child) { return found } }
        case .null, .bool, .number, .string:
            break
        }
        return nil
    }

    /// The first answer key in a message's wire text; the text must be JSON.
    package static func firstKey(of keys: Set<String> = answerKeys, inJSON text: String) throws -> String? {
        firstKey(of: keys, in: try JSONParser.parse(Array(text.utf8)))
    }
}
