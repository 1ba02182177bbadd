import BuzzerFormats
import BuzzerGame

/// Pack: `"answer":["The Beatles","Beatles"]` (the accepted answers). Answer: `{"kind":"text","text":"…"}`.
extension TextKind: QuestionKindJSON {
    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        let answerPath = "\(path).answer"
        guard let answer = members[PackField.answer], let accepted = reader.stringArray(answer, at: answerPath, what: "accepted answers") else { return nil }
        reader.collector.checkAccepted(accepted, at: answerPath)
        return .text(accepted: accepted)
    }

    /// The accepted answers separated by `|`.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        CSVImporter.optionsField(options) + [(PackField.answer, .array(CSVImporter.parts(answer).map(JSONValue.string)))]
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let accepted? = content.text else { return [] }
        return [(PackField.answer, .array(accepted.map(JSONValue.string)))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let accepted? = content.text else { return }
        try container.encode(accepted, forKey: MemberKey(PackField.answer))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .text(let text) = value else { return ("text", .null) }
        return ("text", .string(text))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .text(try fields.string("text", max: bounds == .client ? InputBounds.Bytes.text : .max))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""text":""#), let text = c.plainString(validatingUTF8: true) else { return nil }
        return .text(text)
    }
}

extension TextKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). Typed text: "yes", anything, or past the wire's limit.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""text":\#(HostileAnswerJSON.text(source: &source))"#, source: &source)
    }
}
