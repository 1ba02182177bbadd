import BuzzerFormats
import BuzzerGame

/// Pack: `"options":["A","B","C"],"answer":1`. Answer: `{"kind":"choice","option":1}`.
extension ChoiceKind: QuestionKindJSON {
    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        guard let answer = members[PackField.answer] else { return nil }
        guard let index = reader.integer(answer) else {
            reader.collector.add("\(path).answer", "expected the index of the correct option, found \(reader.describe(answer))")
            return nil
        }
        guard let options else { return nil }
        reader.collector.checkChoiceAnswer(index, optionCount: options.count, at: "\(path).answer")
        return .choice(options: options, answer: index)
    }

    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        CSVImporter.optionsField(options) + [(PackField.answer, .number(Double(try CSVImporter.optionIndex(answer, options: options))))]
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let (options, answer)? = content.choice else { return [] }
        return [("options", .array(options.map(JSONValue.string))), (PackField.answer, .number(Double(answer)))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let (options, answer)? = content.choice else { return }
        try container.encode(options, forKey: MemberKey("options"))
        try container.encode(answer, forKey: MemberKey(PackField.answer))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .option(let option) = value else { return ("option", .null) }
        return ("option", .number(Double(option)))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .option(try fields.int("option", in: OptionJSON.range(bounds)))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""option":"#), let option = c.integer() else { return nil }
        return .option(Int(option))
    }
}

extension ChoiceKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). An option position: mostly 0 to 6, else a boundary literal.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""option":\#(HostileAnswerJSON.int(0...6, odds: 0.6, source: &source))"#, source: &source)
    }
}
