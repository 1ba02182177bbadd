import BuzzerFormats
import BuzzerGame

/// The JSON of the room mechanics' question fields (`RoomMechanics.questionFields`): read and
/// checked against each field's shape where a pack enters, written back only when present, so a
/// pack without them is the same bytes it always was (the archive's `room_created` holds the pack).
extension PackReader {
    /// The mechanics' fields present on a question, each in its range; a bad one is a pack issue at its path.
    mutating func readExtras(_ members: [String: JSONValue], at path: String) -> [String: QuestionExtra] {
        var extras: [String: QuestionExtra] = [:]
        for field in RoomMechanics.questionFields {
            guard let value = members[field.name] else { continue }
            let at = "\(path).\(field.name)"
            switch field.shape {
            case let .texts(maxCount, maxLength):
                guard let items = stringArray(value, at: at, what: "texts") else { continue }
                if items.count > maxCount { collector.add(at, "has \(items.count) items; the limit is \(maxCount)") }
                for (index, item) in items.enumerated() { collector.checkText(item, at: "\(at)[\(index)]", maxLength: maxLength) }
                if !items.isEmpty { extras[field.name] = .texts(items) }
            case .fraction:
                guard case .number(let number) = value, number.isFinite, (0...1).contains(number) else {
                    collector.add(at, "expected a number from 0 to 1, found \(describe(value))")
                    continue
                }
                extras[field.name] = .fraction(number)
            }
        }
        return extras
    }
}

extension QuestionExtra {
    var jsonValue: JSONValue {
        switch self {
        case .texts(let items): .array(items.map { .string($0) })
        case .fraction(let value): .number(value)
        }
    }
}

extension Question {
    /// The mechanics' fields this question has, in registry order: what the pack's JSON writes after the question's own.
    var extraMembers: [(key: String, value: JSONValue)] {
        extras.isEmpty ? [] : RoomMechanics.questionFields.compactMap { field in extras[field.name].map { (field.name, $0.jsonValue) } }
    }
}

extension QuestionExtraField {
    /// Its CSV column: texts split at `|`; a fraction as `0.25` or `25%`. The pack reader checks the ranges.
    var csvColumn: CSVImporter.ExtraColumn {
        let name = name
        switch shape {
        case .texts:
            return CSVImporter.ExtraColumn(key: name) { cell in .array(CSVImporter.parts(cell).map { .string($0) }) }
        case .fraction:
            return CSVImporter.ExtraColumn(key: name) { cell throws(CSVImporter.RowProblem) in
                let percent = cell.hasSuffix("%")
                guard let number = CSVImporter.number(percent ? String(cell.dropLast()) : cell) else {
                    throw CSVImporter.RowProblem("\(name) is a number from 0 to 1 (or a percentage), not \"\(cell)\"")
                }
                return .number(percent ? number / 100 : number)
            }
        }
    }
}
