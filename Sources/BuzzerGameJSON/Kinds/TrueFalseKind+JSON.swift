import BuzzerFormats
import BuzzerGame

/// Pack: `"answer":true`. Answer: `{"kind":"truefalse","value":true}`.
extension TrueFalseKind: QuestionKindJSON {
    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        guard case .bool(let flag)? = members[PackField.answer] else {
            reader.collector.add("\(path).answer", "expected true or false, found \(reader.describe(members[PackField.answer] ?? .null))")
            return nil
        }
        return .truefalse(answer: flag)
    }

    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        let flag: Bool
        switch answer.lowercased() {
        case "true", "yes", "t", "y", "1": flag = true
        case "false", "no", "f", "n", "0": flag = false
        default: throw CSVImporter.RowProblem("a truefalse answer is true or false, not \"\(answer)\"")
        }
        return CSVImporter.optionsField(options) + [(PackField.answer, .bool(flag))]
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let answer? = content.truefalse else { return [] }
        return [(PackField.answer, .bool(answer))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let answer? = content.truefalse else { return }
        try container.encode(answer, forKey: MemberKey(PackField.answer))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .bool(let flag) = value else { return ("value", .null) }
        return ("value", .bool(flag))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .bool(try fields.bool("value"))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""value":"#) else { return nil }
        if c.literal("true") { return .bool(true) }
        if c.literal("false") { return .bool(false) }
        return nil
    }
}

extension TrueFalseKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). A flag, now and then a number or a string in its place.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        let value = source.chance(0.9) ? "\(source.bool())" : source.chance(0.5) ? source.numberLiteral() : #""true""#
        return HostileAnswerJSON.object(self, #""value":\#(value)"#, source: &source)
    }
}
