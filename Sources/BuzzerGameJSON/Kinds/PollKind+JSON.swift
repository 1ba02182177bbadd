import BuzzerFormats
import BuzzerGame

/// Pack: `"options":["Tea","Coffee"]` and no answer. Answer: `{"kind":"poll","option":0}`.
extension PollKind: QuestionKindJSON {
    static var requiresAnswer: Bool { false }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        if members[PackField.answer] != nil {
            reader.collector.add("\(path).answer", "poll questions have no answer")
            return nil
        }
        guard let options else { return nil }
        return .poll(options: options)
    }

    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        CSVImporter.optionsField(options)
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let options? = content.poll else { return [] }
        return [("options", .array(options.map(JSONValue.string)))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let options? = content.poll else { return }
        try container.encode(options, forKey: MemberKey("options"))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .vote(let option) = value else { return ("option", .null) }
        return ("option", .number(Double(option)))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .vote(try fields.int("option", in: OptionJSON.range(bounds)))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""option":"#), let option = c.integer() else { return nil }
        return .vote(Int(option))
    }
}

extension PollKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). An option position: mostly 0 to 6, else a boundary literal.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""option":\#(HostileAnswerJSON.int(0...6, odds: 0.6, source: &source))"#, source: &source)
    }
}
