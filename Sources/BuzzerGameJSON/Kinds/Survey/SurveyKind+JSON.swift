import BuzzerFormats
import BuzzerGame

/// Pack: `"scoring":"rare","accepted":["Paris"],"display":"cloud"` (scoring poll, popular or rare,
/// default poll; accepted for rare only; display cloud or bars, default bars), and no answer.
/// Answer: `{"kind":"survey","text":"…"}`, bounded as a `text` answer.
extension SurveyKind: QuestionKindJSON {
    static var ownFields: [String] { ["scoring", "accepted", "display"] }
    static var requiresAnswer: Bool { false }

    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent? {
        if members[PackField.answer] != nil {
            reader.collector.add("\(path).answer", "survey questions have no answer: a rare one lists what scores as \"accepted\"")
            return nil
        }
        guard let scoring = choice(members["scoring"], SurveyScoring.self, default: .poll, at: "\(path).scoring", reader: &reader),
              let display = choice(members["display"], AnswerGroupsDisplay.self, default: .bars, at: "\(path).display", reader: &reader) else { return nil }
        var accepted: [String] = []
        if let value = members["accepted"] {
            guard let list = reader.stringArray(value, at: "\(path).accepted", what: "accepted answers") else { return nil }
            accepted = list
        }
        let survey = Survey(scoring: scoring, accepted: accepted, display: display)
        checkAccepted(survey, at: path, into: &reader.collector)
        return .survey(survey)
    }

    /// One of `T`'s names; `fallback` when the field is absent.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, _ type: T.Type, default fallback: T, at path: String, reader: inout PackReader
    ) -> T? where T.RawValue == String {
        guard let value else { return fallback }
        let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let name) = value, let choice = T(rawValue: name) else {
            reader.collector.add(path, "expected one of \(names), found \(reader.describe(value))")
            return nil
        }
        return choice
    }

    /// The answer cell: `[scoring] [display][: accepted | accepted …]`, e.g. `rare cloud: Paris | Lyon`,
    /// `popular`, or empty (a poll drawn as bars). A survey takes no options.
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)] {
        guard options.isEmpty else { throw CSVImporter.RowProblem("a survey question has no options: players type their answer") }
        let head = answer.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let tail = answer.contains(":") ? String(answer[answer.index(after: answer.firstIndex(of: ":")!)...]) : ""
        var fields: [(key: String, value: JSONValue)] = []
        for word in head.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init) {
            if let scoring = SurveyScoring(rawValue: word) {
                fields.append(("scoring", .string(scoring.rawValue)))
            } else if let display = AnswerGroupsDisplay(rawValue: word) {
                fields.append(("display", .string(display.rawValue)))
            } else {
                throw CSVImporter.RowProblem(
                    "a survey's answer cell is \"[poll|popular|rare] [cloud|bars][: accepted | accepted]\", not \"\(word)\"")
            }
        }
        let accepted = CSVImporter.parts(tail).filter { !$0.isEmpty }
        if !accepted.isEmpty { fields.append(("accepted", .array(accepted.map(JSONValue.string)))) }
        return fields
    }

    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)] {
        guard case let survey? = content.survey else { return [] }
        var members: [(key: String, value: JSONValue)] = [("scoring", .string(survey.scoring.rawValue))]
        if !survey.accepted.isEmpty { members.append(("accepted", .array(survey.accepted.map(JSONValue.string)))) }
        members.append(("display", .string(survey.display.rawValue)))
        return members
    }

    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws {
        guard case let survey? = content.survey else { return }
        try container.encode(survey.scoring.rawValue, forKey: MemberKey("scoring"))
        if !survey.accepted.isEmpty { try container.encode(survey.accepted, forKey: MemberKey("accepted")) }
        try container.encode(survey.display.rawValue, forKey: MemberKey("display"))
    }

    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) {
        guard case .phrase(let text) = value else { return ("text", .null) }
        return ("text", .string(text))
    }

    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        .phrase(try fields.string("text", max: bounds == .client ? InputBounds.Bytes.text : .max))
    }

    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? {
        guard c.literal(#""text":""#), let text = c.plainString(validatingUTF8: true) else { return nil }
        return .phrase(text)
    }
}

extension SurveyKind {
    /// The fuzzer's raw answer (`QuestionKindJSON.hostileAnswer`). Typed text: "yes", anything, or past the wire's limit.
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.object(self, #""text":\#(HostileAnswerJSON.text(source: &source))"#, source: &source)
    }
}
