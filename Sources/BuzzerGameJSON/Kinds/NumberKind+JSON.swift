import BuzzerFormats
import BuzzerGame

/// Pack: `"answer":1969`, and an optional `"plain":true` (write the numbers without separators: a
/// year). Answer: `{"kind":"number","value":1969}`.
extension NumberKind: QuestionKindJSON {
    static var ownFields: [String] { [plainField] }

    /// The pack's key for writing the question's numbers without separators (`NumberKind.isPlain`).
    static let plainField = "plain"

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        guard case .number(let number)? = members[PackField.answer] else {
            reader.collector.add("\(path).answer", "expected a number, found \(reader.describe(members[PackField.answer] ?? .null))")
            return nil
        }
        reader.collector.checkNumberAnswer(number, at: "\(path).answer")
        var plain: Bool?
        if let value = members[plainField] {
            guard case .bool(let flag) = value else {
                reader.collector.add("\(path).\(plainField)", "expected true (write the numbers without separators, as a year) or false, found \(reader.describe(value))")
                return nil
            }
            plain = flag
        }
        return .number(answer: number, plain: plain)
    }

    /// A number, thousands separated by commas or not.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        guard let number = CSVImporter.number(answer) else {
            throw CSVImporter.RowProblem("a number answer is a number, not \"\(answer)\"")
        }
        return CSVImporter.optionsField(options) + [(PackField.answer, .number(number))]
    }

    /// `plain` only when the pack gave it, so a pack reads back as it was written.
    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case (let answer, let plain)? = content.number else { return [] }
        return [(PackField.answer, .number(answer))] + (plain.map { [(plainField, .bool($0))] } ?? [])
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case (let answer, let plain)? = content.number else { return }
        try container.encode(answer, forKey: MemberKey(PackField.answer))
        if let plain { try container.encode(plain, forKey: MemberKey(plainField)) }
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .number(let number) = value else { return ("value", .null) }
        return ("value", .number(number))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .number(try fields.number("value", playable: bounds == .client))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""value":"#), let value = c.double(), value.isFinite else { return nil }
        return .number(value)
    }
}

extension NumberKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). A boundary number literal: the ends of `Int` and `Double`, fractions, -0.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""value":\#(source.numberLiteral())"#, source: &source)
    }
}
