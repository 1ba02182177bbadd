import BuzzerFormats
import BuzzerGame

/// Pack: `"target":{"x":0.41,"y":0.3},"radius":0.05` or `"area":{"x":0.1,"y":0.2,"w":0.3,"h":0.1}`,
/// optional `"scoring":"closest"` and `"aspect":1.5`, and a picture in `media.image`; no answer.
/// Answer: `{"kind":"pin","pin":{"x":0.41,"y":0.3}}`. Every coordinate is a fraction of the picture
/// (0 to 1), kept to 1/10,000 (`PinPoint`) from where it enters.
extension PinKind: QuestionKindJSON {
    static var ownFields: [String] { ["target", "radius", "area", "scoring", "aspect"] }
    static var requiresAnswer: Bool { false }
    static var optionsHint: String { "; give \"target\" and \"radius\", or \"area\"" }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        var ok = true
        func fail(_ field: String, _ reason: String) {
            reader.collector.add(field.isEmpty ? path : "\(path).\(field)", reason)
            ok = false
        }
        if members[PackField.answer] != nil { fail(PackField.answer, "pin questions have no answer: give \"target\" and \"radius\", or \"area\"") }
        // The same rule `QuestionPack.validate()` applies to a pack built in code.
        if case .object(let media)? = members["media"], case .string? = media.first(where: { $0.key == "image" })?.value {} else if let problem = missingPictureProblem {
            fail("", problem)
        }
        var scoring = PinScoring.radius
        if let raw = members["scoring"] {
            if case .string(let name) = raw, let rule = PinScoring(rawValue: name) { scoring = rule } else { fail("scoring", "expected \"radius\" or \"closest\", found \(reader.describe(raw))") }
        }
        var aspect = 1.0
        if let raw = members["aspect"] {
            if case .number(let value) = raw { aspect = value } else { fail("aspect", "expected the picture's width over its height, a number from 0.1 to 10, found \(reader.describe(raw))") }
        }
        let target: PinTarget?
        switch (members["target"], members["area"]) {
        case (let point?, nil):
            let xy = fractions(point, ["x", "y"], at: "target", fail: fail)
            var radius: Int?
            if let raw = members["radius"] {
                if case .number(let value) = raw, value > 0, let fixed = PinPoint.fixed(value) { radius = fixed } else { fail("radius", "expected a number more than 0 and at most 1 (of the picture's longer side), found \(reader.describe(raw))") }
            }
            target = xy.map { .point(PinPoint(x: $0[0], y: $0[1]), radius: radius) }
        case (nil, let area?):
            if members["radius"] != nil { fail("radius", "an area has no radius: a pin inside the area is right") }
            let box = fractions(area, ["x", "y", "w", "h"], at: "area", fail: fail)
            target = box.map { .area(PinPoint(x: $0[0], y: $0[1]), width: $0[2], height: $0[3]) }
        case (nil, nil):
            fail("", "missing field \"target\" (a point, with a \"radius\") or \"area\"")
            target = nil
        case (_?, _?):
            fail("", "give either \"target\" or \"area\", not both")
            target = nil
        }
        guard let target else { return nil }
        let question = PinQuestion(target: target, scoring: scoring, aspect: aspect)
        for problem in problems(question) { fail(problem.field, problem.reason) }
        return ok ? .pin(question) : nil
    }

    /// An object's numbered members as fixed point, each 0 to 1; nil (after saying why) otherwise.
    private static func fractions(_ value: JSONValue, _ keys: [String], at field: String, fail: (String, String) -> Void) -> [Int]? {
        let shape = "{" + keys.map { "\"\($0)\": 0 to 1" }.joined(separator: ", ") + "}"
        guard case .object(let members) = value else {
            fail(field, "expected \(shape), found \(value.typeName)")
            return nil
        }
        for member in members where !keys.contains(member.key) { fail("\(field).\(member.key)", "unknown field") }
        var out: [Int] = []
        for key in keys {
            guard case .number(let number)? = members.first(where: { $0.key == key })?.value, let fixed = PinPoint.fixed(number) else {
                fail("\(field).\(key)", "expected a number from 0 to 1 (a fraction of the picture)")
                continue
            }
            out.append(fixed)
        }
        return out.count == keys.count ? out : nil
    }

    /// The answer cell: `x y radius` (a point), `x y w h` (an area), or `x y` with the option
    /// `closest`; numbers are fractions of the picture, separated by spaces or semicolons. Options:
    /// `closest` or `radius` (the scoring), `aspect=1.5` (the picture's width over its height).
    /// The picture is the row's `image` column.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = []
        for option in options {
            let word = option.lowercased()
            if let rule = PinScoring(rawValue: word) {
                fields.append(("scoring", .string(rule.rawValue)))
            } else if word.hasPrefix("aspect="), let aspect = Double(word.dropFirst("aspect=".count)), aspect.isFinite {
                fields.append(("aspect", .number(aspect)))
            } else {
                throw CSVImporter.RowProblem("a pin question's options are \"closest\", \"radius\" or \"aspect=W/H\" (a number), not \"\(option)\"")
            }
        }
        let numbers = answer.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\t" }).map { Double($0) }
        guard !numbers.contains(nil), [2, 3, 4].contains(numbers.count) else {
            throw CSVImporter.RowProblem("a pin answer is \"x y radius\" or \"x y w h\" in fractions of the picture (e.g. \"0.41 0.30 0.05\"), not \"\(answer)\"")
        }
        let n = numbers.compactMap { $0 }.map(JSONValue.number)
        switch n.count {
        case 4: fields.append(("area", .object([("x", n[0]), ("y", n[1]), ("w", n[2]), ("h", n[3])])))
        default:
            fields.append(("target", .object([("x", n[0]), ("y", n[1])])))
            if n.count == 3 { fields.append(("radius", n[2])) }
        }
        return fields
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let question? = content.pin else { return [] }
        let f = { (fixed: Int) in JSONValue.number(PinPoint.fraction(fixed)) }
        var out: [(key: String, value: JSONValue)] = []
        switch question.target {
        case .point(let point, let radius):
            out.append(("target", .object([("x", f(point.x)), ("y", f(point.y))])))
            if let radius { out.append(("radius", f(radius))) }
        case .area(let corner, let width, let height):
            out.append(("area", .object([("x", f(corner.x)), ("y", f(corner.y)), ("w", f(width)), ("h", f(height))])))
        }
        if question.scoring != .radius { out.append(("scoring", .string(question.scoring.rawValue))) }
        if question.aspect != 1 { out.append(("aspect", .number(question.aspect))) }
        return out
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        for member in contentMembers(content) {
            guard case .object(let members) = member.value else {
                try container.encode(member.value, forKey: MemberKey(member.key))
                continue
            }
            var nested = container.nestedContainer(keyedBy: MemberKey.self, forKey: MemberKey(member.key))
            for (key, value) in members { try nested.encode(value, forKey: MemberKey(key)) }
        }
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .point(let pin) = value else { return ("pin", .null) }
        return ("pin", .object([("x", .number(PinPoint.fraction(pin.x))), ("y", .number(PinPoint.fraction(pin.y)))]))
    }

    /// The same 0-to-1 rule for a client and the log: a logged pin off the picture is refused, never converted.
    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        guard case .object(let members)? = fields.object["pin"] else { throw JSONFieldError("\"\(fields.prefix)pin\" must be an object {\"x\": 0 to 1, \"y\": 0 to 1}") }
        let pin = JSONFields(members: members, prefix: "\(fields.prefix)pin.")
        let x = try pin.number("x", playable: true), y = try pin.number("y", playable: true)
        guard let fx = PinPoint.fixed(x) else { throw JSONFieldError("\"\(pin.prefix)x\" must be 0 to 1 (a fraction of the picture's width)") }
        guard let fy = PinPoint.fixed(y) else { throw JSONFieldError("\"\(pin.prefix)y\" must be 0 to 1 (a fraction of the picture's height)") }
        return .point(PinPoint(x: fx, y: fy))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""pin":{"x":"#), let x = c.double().flatMap(PinPoint.fixed), c.literal(#","y":"#),
              let y = c.double().flatMap(PinPoint.fixed), c.literal("}") else { return nil }
        return .point(PinPoint(x: x, y: y))
    }
}

extension PinKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). A point: fractions, boundary literals, a missing or non-number coordinate.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        var members: [String] = []
        for axis in ["x", "y"] where !source.chance(0.05) {
            members.append(#""\#(axis)":\#(source.chance(0.5) ? "0.\(source.int(0...99))" : source.chance(0.9) ? source.numberLiteral() : "null")"#)
        }
        return HostileAnswerJSON.object(self, #""pin":{\#(members.joined(separator: ","))}"#, source: &source)
    }
}
