import BuzzerFormats
import BuzzerGame

/// Writes a pack as human-editable pack JSON: two-space indentation, keys in the documented
/// order (kind, category, text, options, answer, explanation, points, timeLimit), option and
/// answer lists on one line, Unicode kept as written. The output is the same on every platform
/// and every run, so imported packs diff cleanly under version control.
///
/// The tree is built here, beside `QuestionPack+Decoding` (its inverse), because it needs the
/// pack's types; the text layout is `JSONPrettyPrinter`'s.
extension QuestionPack {
    package func prettyJSON() -> String {
        JSONPrettyPrinter.print(jsonValue)
    }

    /// The pack as an ordered JSON tree (flat `questions` form when `isFlat`).
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", .string(title))]
        if let description { members.append(("description", .string(description))) }
        if let partialCredit { members.append(("partialCredit", .string(partialCredit.rawValue))) }
        if isFlat {
            members.append(("questions", .array(rounds[0].questions.map(\.jsonValue))))
        } else {
            members.append(("rounds", .array(rounds.map(\.jsonValue))))
        }
        return .object(members)
    }
}

extension PackRound {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let title { members.append(("title", .string(title))) }
        members.append(("wager", .bool(wager)))
        if let breakBefore { members.append(("break", breakBefore.jsonValue)) }
        members.append(("questions", .array(questions.map(\.jsonValue))))
        return .object(members)
    }
}

extension Question {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("category", .string(category)), ("text", .string(text)),
        ]
        members += kind.json.contentMembers(content)
        if let partialCredit { members.append(("partialCredit", .string(partialCredit.rawValue))) }
        if let explanation { members.append(("explanation", .string(explanation))) }
        members.append(("points", .number(Double(points))))
        if let timeLimit { members.append(("timeLimit", .number(Double(timeLimit)))) }
        if let media { members.append(("media", media.jsonValue)) }
        if let revealMedia { members.append(("revealMedia", revealMedia.jsonValue)) }
        members += extraMembers
        return .object(members)
    }
}

extension RoundBreak {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", .string(title))]
        if let text { members.append(("text", .string(text))) }
        if let minutes { members.append(("minutes", .number(Double(minutes)))) }
        return .object(members)
    }
}

extension QuestionMedia {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let image { members.append(("image", .string(image))) }
        if let alt { members.append(("alt", .string(alt))) }
        if let audio { members.append(("audio", .string(audio))) }
        if let startMs { members.append(("startMs", .number(Double(startMs)))) }
        if let durationMs { members.append(("durationMs", .number(Double(durationMs)))) }
        if let onPhones { members.append(("onPhones", .bool(onPhones))) }
        return .object(members)
    }
}
