import BuzzerFormats
import BuzzerGame

/// Pack: `"items":["first","second","third"]`, in the right order, and no answer.
/// Answer: `{"kind":"order","order":[2,0,1]}`, each item once.
extension OrderKind: QuestionKindJSON {
    static var ownFields: [String] { ["items"] }
    static var requiresAnswer: Bool { false }
    static var optionsHint: String { "; list them as \"items\", in the right order" }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        if members[PackField.answer] != nil {
            reader.collector.add("\(path).answer", "order questions have no answer: list the items in the right order")
            return nil
        }
        guard let value = members["items"] else {
            let limits = reader.collector.limits
            reader.collector.add(path, "missing field \"items\" (order questions need \(QuestionPackLimits.minOrderItems) to \(max(QuestionPackLimits.minOrderItems, limits.maxOptions)), in the right order)")
            return nil
        }
        guard let items = reader.stringArray(value, at: "\(path).items", what: "items") else { return nil }
        reader.collector.checkItems(items, at: "\(path).items")
        return .order(items: items)
    }

    /// The row's options are the items, in the right order; the answer cell stays empty.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        guard answer.isEmpty else { throw CSVImporter.RowProblem("an order question has no answer: list its options in the right order") }
        return CSVImporter.optionsField(options, key: "items")
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let items? = content.order else { return [] }
        return [("items", .array(items.map(JSONValue.string)))]
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let items? = content.order else { return }
        try container.encode(items, forKey: MemberKey("items"))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .ranking(let order) = value else { return ("order", .null) }
        return ("order", OptionJSON.numbers(order))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        let client = bounds == .client
        guard let order = try fields.intArray("order", in: OptionJSON.range(bounds), maxCount: client ? InputBounds.maxOrderedItems : .max) else {
            throw JSONFieldError("answer.order must be an array of item numbers")
        }
        if client, Set(order).count != order.count { throw JSONFieldError("\"answer.order\" must name each item once") }
        return .ranking(order)
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""order":["#), let order = OptionJSON.exactList(&c) else { return nil }
        return .ranking(order)
    }
}

extension OrderKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). A shuffle of up to six items, now and then with a repeat, out of range or far too long.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        let count = source.chance(0.05) ? 1000 : source.int(0...6)
        var order = source.shuffled(count)
        if source.chance(0.2), count > 1 { order[0] = order[1] }
        var items: [String] = []
        for item in order { items.append(source.chance(0.9) ? "\(item)" : source.numberLiteral()) }
        return HostileAnswerJSON.object(self, #""order":[\#(items.joined(separator: ","))]"#, source: &source)
    }
}
