/// Writes a pack as human-editable pack JSON: two-space indentation, keys in the documented
/// order (kind, category, text, options, answer, explanation, points, timeLimit), option and
/// answer lists on one line, Unicode kept as written. The output is the same on every platform
/// and every run, so imported packs diff cleanly under version control.
extension QuestionPack {
    package func prettyJSON() -> String {
        var out = ""
        Self.write(jsonValue, indent: 0, into: &out)
        out += "\n"
        return out
    }

    /// The pack as an ordered JSON tree (flat `questions` form when `isFlat`).
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", .string(title))]
        if let description { members.append(("description", .string(description))) }
        if isFlat {
            members.append(("questions", .array(rounds[0].questions.map(\.jsonValue))))
        } else {
            members.append(("rounds", .array(rounds.map(\.jsonValue))))
        }
        return .object(members)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += format(number)
        case .string(let string): writeString(string, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
            } else if elements.allSatisfy(\.isScalar) {
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ", " }
                    write(element, indent: indent, into: &out)
                }
                out += "]"
            } else {
                out += "[\n"
                for (index, element) in elements.enumerated() {
                    out += pad
                    write(element, indent: indent + 1, into: &out)
                    out += index < elements.count - 1 ? ",\n" : "\n"
                }
                out += String(repeating: "  ", count: indent) + "]"
            }
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad
                writeString(member.key, into: &out)
                out += ": "
                write(member.value, indent: indent + 1, into: &out)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// Integral values print without a fraction ("1969", not "1969.0").
    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func writeString(_ string: String, into out: inout String) {
        JSONStringLiteral.write(string, into: &out)
    }
}

extension PackRound {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let title { members.append(("title", .string(title))) }
        members.append(("wager", .bool(wager)))
        members.append(("questions", .array(questions.map(\.jsonValue))))
        return .object(members)
    }
}

extension Question {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("category", .string(category)), ("text", .string(text)),
        ]
        switch content {
        case let .choice(options, answer):
            members.append(("options", .array(options.map(JSONValue.string))))
            members.append(("answer", .number(Double(answer))))
        case let .multi(options, answers):
            members.append(("options", .array(options.map(JSONValue.string))))
            members.append(("answer", .array(answers.map { .number(Double($0)) })))
        case .truefalse(let answer):
            members.append(("answer", .bool(answer)))
        case .text(let accepted):
            members.append(("answer", .array(accepted.map(JSONValue.string))))
        case .number(let answer):
            members.append(("answer", .number(answer)))
        case .poll(let options):
            members.append(("options", .array(options.map(JSONValue.string))))
        }
        if let explanation { members.append(("explanation", .string(explanation))) }
        members.append(("points", .number(Double(points))))
        if let timeLimit { members.append(("timeLimit", .number(Double(timeLimit)))) }
        return .object(members)
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .number, .string: true
        }
    }
}
