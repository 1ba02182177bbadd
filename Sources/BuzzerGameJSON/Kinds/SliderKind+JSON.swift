import BuzzerFormats
import BuzzerGame

/// Pack: `"min":0,"max":100,"step":5,"answer":45` and an optional `"tolerance":5` (without it, the
/// closest guess wins); `step` defaults to 1. Answer: a number, `{"kind":"number","value":45}`.
extension SliderKind: QuestionKindJSON {
    static var ownFields: [String] { SliderQuestion.Field.allCases.map(\.rawValue).filter { $0 != PackField.answer } }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        var numbers: [String: Double] = [:]
        var ok = true
        for field in SliderQuestion.Field.allCases.map(\.rawValue) {
            guard let value = members[field] else {
                if field == "min" || field == "max" {
                    reader.collector.add(path, "missing field \"\(field)\" (slider questions need min, max and answer)")
                    ok = false
                }
                continue
            }
            guard case .number(let number) = value else {
                reader.collector.add("\(path).\(field)", "expected a number, found \(reader.describe(value))")
                ok = false
                continue
            }
            numbers[field] = number
        }
        guard ok, let min = numbers["min"], let max = numbers["max"], let answer = numbers[PackField.answer] else { return nil }
        let question = SliderQuestion(min: min, max: max, step: numbers["step"] ?? 1, answer: answer, tolerance: numbers["tolerance"])
        let problems = question.problems
        for problem in problems { reader.collector.add("\(path).\(problem.field.rawValue)", problem.message) }
        return problems.isEmpty ? .slider(question) : nil
    }

    /// Options `min|max` or `min|max|step` (a fourth part: the tolerance); the answer a number.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        let parts = options.count == 1 ? CSVImporter.parts(options[0]) : options
        let numbers = parts.compactMap(CSVImporter.number)
        guard (2...4).contains(parts.count), numbers.count == parts.count else {
            throw CSVImporter.RowProblem("a slider's options are min|max, min|max|step or min|max|step|tolerance, all numbers")
        }
        guard let value = CSVImporter.number(answer) else { throw CSVImporter.RowProblem("a slider answer is a number, not \"\(answer)\"") }
        var fields: [(key: String, value: JSONValue)] = [("min", .number(numbers[0])), ("max", .number(numbers[1]))]
        if numbers.count > 2 { fields.append(("step", .number(numbers[2]))) }
        fields.append((PackField.answer, .number(value)))
        if numbers.count > 3 { fields.append(("tolerance", .number(numbers[3]))) }
        return fields
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard let q = content.slider else { return [] }
        return [("min", .number(q.min)), ("max", .number(q.max)), ("step", .number(q.step)), (PackField.answer, .number(q.answer))]
            + (q.tolerance.map { [("tolerance", .number($0))] } ?? [])
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        for (key, value) in contentMembers(content) {
            if case .number(let number) = value { try container.encode(number, forKey: MemberKey(key)) }
        }
    }
}

extension SliderKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). A boundary number literal in the `number` shape, now and then under the slider's own name.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""value":\#(source.numberLiteral())"#, source: &source)
    }
}
