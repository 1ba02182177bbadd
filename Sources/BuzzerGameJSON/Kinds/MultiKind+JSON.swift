import BuzzerFormats
import BuzzerGame

/// Pack: `"options":[…],"answer":[0,2]`. Answer: `{"kind":"multi","options":[0,2]}`.
extension MultiKind: QuestionKindJSON {
    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        guard let answer = members[PackField.answer] else { return nil }
        let answerPath = "\(path).answer"
        guard case .array(let elements) = answer else {
            reader.collector.add(answerPath, "expected an array of correct option indices, found \(reader.describe(answer))")
            return nil
        }
        var indices: [Int] = []
        for (position, element) in elements.enumerated() {
            if let index = reader.integer(element) {
                indices.append(index)
            } else {
                reader.collector.add("\(answerPath)[\(position)]", "expected an option index, found \(reader.describe(element))")
            }
        }
        guard indices.count == elements.count, let options else { return nil }
        reader.collector.checkMultiAnswers(indices, optionCount: options.count, at: answerPath)
        return .multi(options: options, answers: indices)
    }

    /// The right options separated by `|`, each a letter, a number or the option's text.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        var indices: [JSONValue] = []
        for pick in CSVImporter.parts(answer) { indices.append(.number(Double(try CSVImporter.optionIndex(pick, options: options)))) }
        return CSVImporter.optionsField(options) + [(PackField.answer, .array(indices))]
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let (options, answers)? = content.multi else { return [] }
        return [("options", .array(options.map(JSONValue.string))), (PackField.answer, OptionJSON.numbers(answers))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let (options, answers)? = content.multi else { return }
        try container.encode(options, forKey: MemberKey("options"))
        try container.encode(answers, forKey: MemberKey(PackField.answer))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .options(let options) = value else { return ("options", .null) }
        return ("options", OptionJSON.numbers(options))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        guard let options = try fields.intArray("options", in: OptionJSON.range(bounds), maxCount: bounds == .client ? InputBounds.maxPickedOptions : .max) else {
            throw JSONFieldError("answer.options must be an array of option numbers")
        }
        return .options(options)
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""options":["#), let options = OptionJSON.exactList(&c) else { return nil }
        return .options(options)
    }
}

extension MultiKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). Option positions: repeats, boundary literals, now and then a thousand of them.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""options":\#(HostileAnswerJSON.ints(0...6, odds: 0.7, source: &source))"#, source: &source)
    }
}
