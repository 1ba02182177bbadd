import BuzzerFormats
import BuzzerGame

/// Pack: an optional `"answer":["Paris"]` (typed answers the host checks the spoken one against),
/// `"penalty":250`, `"falseStartLockout":true`, `"tieWindowMs":20`, `"openBuzzers":"reading"|"host"`
/// (docs/kinds-buzz.md). Answer: `{"kind":"buzz","press":{"place":1,"tie":false,"right":true}}`,
/// which only the room writes (a press arrives as `buzz`; `right` is null until marked).
extension BuzzKind: QuestionKindJSON {
    static var ownFields: [String] { [Field.penalty, Field.lockout, Field.tieWindow, Field.opens] }
    static var requiresAnswer: Bool { false }

    /// The pack's own keys, spelled once.
    enum Field {
        static let penalty = "penalty"
        static let lockout = "falseStartLockout"
        static let tieWindow = "tieWindowMs"
        static let opens = "openBuzzers"
    }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        var buzz = BuzzQuestion()
        if let answer = members[PackField.answer] {
            guard let accepted = reader.stringArray(answer, at: "\(path).answer", what: "accepted answers") else { return nil }
            if !accepted.isEmpty { reader.collector.checkAccepted(accepted, at: "\(path).answer") }
            buzz.accepted = accepted
        }
        if let value = members[Field.penalty] {
            guard let penalty = reader.integer(value), (0...BuzzQuestion.maxPenalty).contains(penalty) else {
                reader.collector.add("\(path).\(Field.penalty)", "expected a whole number 0-\(BuzzQuestion.maxPenalty), found \(reader.describe(value))")
                return nil
            }
            buzz.penalty = penalty
        }
        if let value = members[Field.tieWindow] {
            guard let window = reader.integer(value), (0...BuzzQuestion.maxTieWindowMs).contains(window) else {
                reader.collector.add("\(path).\(Field.tieWindow)", "expected a whole number of ms 0-\(BuzzQuestion.maxTieWindowMs), found \(reader.describe(value))")
                return nil
            }
            buzz.tieWindowMs = window
        }
        if let value = members[Field.lockout] {
            guard case .bool(let flag) = value else {
                reader.collector.add("\(path).\(Field.lockout)", "expected true or false, found \(reader.describe(value))")
                return nil
            }
            buzz.falseStartLockout = flag
        }
        if let value = members[Field.opens] {
            guard case .string(let name) = value, let opens = BuzzQuestion.Opening(rawValue: name) else {
                reader.collector.add("\(path).\(Field.opens)", "expected \"reading\" or \"host\", found \(reader.describe(value))")
                return nil
            }
            buzz.opens = opens
        }
        return .buzz(buzz)
    }

    /// The answer cell, if any, holds the accepted answers separated by `|`; the row's options stay empty.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        guard options.isEmpty else { throw CSVImporter.RowProblem("a buzz question has no options: put the answer (if any) in the answer column") }
        let accepted = CSVImporter.parts(answer).filter { !$0.isEmpty }
        return accepted.isEmpty ? [] : [(PackField.answer, .array(accepted.map(JSONValue.string)))]
    }

    /// Defaults are left out, so a plain buzz question stays short.
    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let buzz? = content.buzz else { return [] }
        var members: [(key: String, value: JSONValue)] = []
        if !buzz.accepted.isEmpty { members.append((PackField.answer, .array(buzz.accepted.map(JSONValue.string)))) }
        if buzz.penalty != 0 { members.append((Field.penalty, .number(Double(buzz.penalty)))) }
        if !buzz.falseStartLockout { members.append((Field.lockout, .bool(false))) }
        if buzz.tieWindowMs != BuzzQuestion.defaultTieWindowMs { members.append((Field.tieWindow, .number(Double(buzz.tieWindowMs)))) }
        if buzz.opens != .afterReading { members.append((Field.opens, .string(buzz.opens.rawValue))) }
        return members
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let buzz? = content.buzz else { return }
        if !buzz.accepted.isEmpty { try container.encode(buzz.accepted, forKey: MemberKey(PackField.answer)) }
        if buzz.penalty != 0 { try container.encode(buzz.penalty, forKey: MemberKey(Field.penalty)) }
        if !buzz.falseStartLockout { try container.encode(false, forKey: MemberKey(Field.lockout)) }
        if buzz.tieWindowMs != BuzzQuestion.defaultTieWindowMs { try container.encode(buzz.tieWindowMs, forKey: MemberKey(Field.tieWindow)) }
        if buzz.opens != .afterReading { try container.encode(buzz.opens.rawValue, forKey: MemberKey(Field.opens)) }
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .press(let press) = value else { return ("press", .null) }
        return ("press", .object([
            ("place", .number(Double(press.place))), ("tie", .bool(press.tie)), ("right", press.right.map(JSONValue.bool) ?? .null),
        ]))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        guard case .object(let members)? = fields.object["press"] else { throw JSONFieldError("answer.press must be an object") }
        let press = JSONFields(members: members, prefix: "answer.press.")
        let right = try press.optionalBool("right")
        return .press(ButtonPress(
            place: try press.int("place", in: bounds == .client ? InputBounds.id : Int.min...Int.max), tie: try press.optionalBool("tie") ?? false, right: right))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""press":{"place":"#), let place = c.integer(), c.literal(#","tie":"#) else { return nil }
        let tie: Bool
        if c.literal("true") { tie = true } else if c.literal("false") { tie = false } else { return nil }
        guard c.literal(#","right":"#) else { return nil }
        let right: Bool?
        if c.literal("true") { right = true } else if c.literal("false") { right = false } else if c.literal("null") { right = nil } else { return nil }
        guard c.literal("}"), let small = Int(exactly: place) else { return nil }
        return .press(ButtonPress(place: small, tie: tie, right: right))
    }
}
