import BuzzerFormats
import BuzzerGame

/// Pack: `"answer":["Doc","Grumpy","Happy"]` (the accepted items, in the reveal's order) and an
/// optional `"max":2` (how many count). Answer: `{"kind":"texts","texts":["doc","Sleepy"]}`.
extension ListKind: QuestionKindJSON {
    static var ownFields: [String] { [ListQuestion.Field.max.rawValue] }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        guard let raw = members[PackField.answer], let accepted = reader.stringArray(raw, at: "\(path).\(PackField.answer)", what: "accepted items") else { return nil }
        reader.collector.checkAccepted(accepted, at: "\(path).\(PackField.answer)")
        var limit: Int?
        if let value = members[ListQuestion.Field.max.rawValue] {
            guard let number = reader.integer(value) else {
                reader.collector.add("\(path).max", "expected how many items count, a whole number, found \(reader.describe(value))")
                return nil
            }
            limit = number
        }
        let question = ListQuestion(accepted: accepted, max: limit)
        if let problem = question.maxProblem {
            reader.collector.add("\(path).max", problem)
            return nil
        }
        return .list(question)
    }

    /// The accepted items `|`-separated in the answer cell; a number in the options cell is the maximum.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        let items = CSVImporter.parts(answer).filter { !$0.isEmpty }
        guard !items.isEmpty else { throw CSVImporter.RowProblem("a list question's answer is its accepted items, separated by |") }
        guard options.count <= 1 else { throw CSVImporter.RowProblem("a list question's options cell is at most its maximum, a number") }
        var fields: [(key: String, value: JSONValue)] = [(PackField.answer, .array(items.map(JSONValue.string)))]
        if let cell = options.first {
            guard let limit = Int(cell) else { throw CSVImporter.RowProblem("a list question's options cell is its maximum, a number, not \"\(cell)\"") }
            fields.append((ListQuestion.Field.max.rawValue, .number(Double(limit))))
        }
        return fields
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard let q = content.list else { return [] }
        return [(PackField.answer, .array(q.accepted.map(JSONValue.string)))] + (q.max.map { [(ListQuestion.Field.max.rawValue, .number(Double($0)))] } ?? [])
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard let q = content.list else { return }
        try container.encode(q.accepted, forKey: MemberKey(PackField.answer))
        if let max = q.max { try container.encode(max, forKey: MemberKey(ListQuestion.Field.max.rawValue)) }
    }
}

extension ListKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). Typed items: repeats, empty ones, over-long ones, now and then past the item limit.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        let count = source.chance(0.05) ? source.pick([InputBounds.maxTypedItems + 1, 1000]) : source.int(0...6)
        var items: [String] = []
        for _ in 0..<count { items.append(source.chance(0.2) ? (items.last ?? #""""#) : HostileAnswerJSON.text(source: &source)) }
        return HostileAnswerJSON.object(self, #""texts":[\#(items.joined(separator: ","))]"#, source: &source)
    }
}
