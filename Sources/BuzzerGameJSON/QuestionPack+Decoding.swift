import BuzzerFormats
import BuzzerGame

extension QuestionPack {
    /// Parses and validates pack JSON, reporting every problem found (a syntax error stops
    /// at the first one, since nothing after it can be trusted).
    package static func decode(json bytes: [UInt8], limits: QuestionPackLimits = QuestionPackLimits()) throws(QuestionPackErrors) -> QuestionPack {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw QuestionPackErrors([.syntax(line: error.line, column: error.column, reason: error.reason)])
        }
        return try decode(value, limits: limits)
    }

    /// Builds a validated pack from a parsed JSON document.
    package static func decode(_ value: JSONValue, limits: QuestionPackLimits = QuestionPackLimits()) throws(QuestionPackErrors) -> QuestionPack {
        var reader = PackReader(collector: PackIssueCollector(limits: limits))
        let pack = reader.readPack(value)
        if let pack, reader.collector.errors.isEmpty { return pack }
        if reader.collector.errors.isEmpty {
            reader.collector.add("", "the pack could not be read")
        }
        throw QuestionPackErrors(reader.collector.errors)
    }
}

/// Walks a JSON tree into a pack, checking shapes (types, unknown fields, fields that do not
/// belong to a kind) and handing values to `PackIssueCollector` as it goes.
struct PackReader {
    var collector: PackIssueCollector

    private static let packKeys: Set<String> = ["title", "description", "rounds", "questions", "partialCredit"]
    private static let roundKeys: Set<String> = ["title", "wager", "questions", "break"]
    private static let breakKeys: Set<String> = ["title", "text", "minutes"]
    /// Every question's fields, and each kind's own (`QuestionKindJSON.ownFields`).
    private static let questionKeys = Set(["kind", "category", "text", "options", "answer", "explanation", "points", "timeLimit", "media", "revealMedia", "partialCredit"])
        .union(QuestionKind.allCases.flatMap { $0.json.ownFields }).union(RoomMechanics.questionFields.map(\.name))
    private static let mediaKeys: Set<String> = ["image", "alt", "audio", "startMs", "durationMs", "onPhones"]

    mutating func readPack(_ value: JSONValue) -> QuestionPack? {
        guard let members = object(value, at: "", allowed: Self.packKeys, what: "the pack") else { return nil }
        let title = requiredString(members, "title", at: "")
        if let title { collector.checkTitle(title, at: "title") }
        let description = optionalString(members, "description", at: "")
        if let description { collector.checkText(description, at: "description", multiline: true) }
        let partialCredit = members["partialCredit"].flatMap { readPartialCredit($0, at: "partialCredit") }

        var rounds: [PackRound]?
        switch (members["rounds"], members["questions"]) {
        case (.some, .some):
            collector.add("", "use either \"rounds\" or \"questions\", not both")
        case (nil, nil):
            collector.add("", "missing field \"rounds\" (or a flat \"questions\" array)")
        case (.some(let roundsValue), nil):
            rounds = readRounds(roundsValue)
        case (nil, .some(let questionsValue)):
            if let questions = readQuestions(questionsValue, at: "questions") {
                if questions.isEmpty { collector.add("questions", "the pack has no questions") }
                rounds = [PackRound(questions: questions)]
            }
        }
        if let rounds { collector.checkQuestionCount(rounds.reduce(0) { $0 + $1.questions.count }) }
        guard let title, let rounds else { return nil }
        return QuestionPack(title: title, description: description, rounds: rounds, partialCredit: partialCredit)
    }

    private mutating func readRounds(_ value: JSONValue) -> [PackRound]? {
        guard case .array(let elements) = value else {
            collector.add("rounds", "expected an array of rounds, found \(value.typeName)")
            return nil
        }
        if elements.isEmpty { collector.add("rounds", "the pack has no rounds") }
        var rounds: [PackRound] = []
        var complete = true
        for (index, element) in elements.enumerated() {
            if let round = readRound(element, at: "rounds[\(index)]") { rounds.append(round) } else { complete = false }
        }
        return complete ? rounds : nil
    }

    private mutating func readRound(_ value: JSONValue, at path: String) -> PackRound? {
        guard let members = object(value, at: path, allowed: Self.roundKeys, what: "a round") else { return nil }
        let title = optionalString(members, "title", at: path)
        if let title { collector.checkTitle(title, at: "\(path).title") }
        var wager = false
        if let value = members["wager"] {
            if case .bool(let flag) = value { wager = flag } else { collector.add("\(path).wager", "expected true or false, found \(value.typeName)") }
        }
        let roundBreak = members["break"].flatMap { readBreak($0, at: "\(path).break") }
        guard let questionsValue = members["questions"] else {
            collector.add(path, "missing field \"questions\"")
            return nil
        }
        guard let questions = readQuestions(questionsValue, at: "\(path).questions") else { return nil }
        if questions.isEmpty { collector.add("\(path).questions", "the round has no questions") }
        return PackRound(title: title, wager: wager, questions: questions, breakBefore: roundBreak)
    }

    /// `{"title":"Half-time","text":"Get your drinks in","minutes":10}`: a slide before the round.
    private mutating func readBreak(_ value: JSONValue, at path: String) -> RoundBreak? {
        guard let members = object(value, at: path, allowed: Self.breakKeys, what: "a break") else { return nil }
        let title = requiredString(members, "title", at: path)
        let text = optionalString(members, "text", at: path)
        var minutes: Int?
        if let raw = members["minutes"] {
            if let number = integer(raw) { minutes = number } else { collector.add("\(path).minutes", "expected a whole number of minutes, found \(describe(raw))") }
        }
        guard let title else { return nil }
        let roundBreak = RoundBreak(title: title, text: text, minutes: minutes)
        collector.checkBreak(roundBreak, at: path)
        return roundBreak
    }

    private mutating func readQuestions(_ value: JSONValue, at path: String) -> [Question]? {
        guard case .array(let elements) = value else {
            collector.add(path, "expected an array of questions, found \(value.typeName)")
            return nil
        }
        var questions: [Question] = []
        var complete = true
        for (index, element) in elements.enumerated() {
            if let question = readQuestion(element, at: "\(path)[\(index)]") { questions.append(question) } else { complete = false }
        }
        return complete ? questions : nil
    }

    private mutating func readQuestion(_ value: JSONValue, at path: String) -> Question? {
        guard let members = object(value, at: path, allowed: Self.questionKeys, what: "a question") else { return nil }
        var kind: QuestionKind?
        if let kindValue = members["kind"] {
            if case .string(let name) = kindValue, let known = QuestionKind(rawValue: name) {
                kind = known
            } else {
                let found = if case .string(let name) = kindValue { "\"\(name)\"" } else { kindValue.typeName }
                collector.add("\(path).kind", "expected one of \(QuestionKind.names), found \(found)")
            }
        } else {
            collector.add(path, "missing field \"kind\"")
        }
        let category = requiredString(members, "category", at: path)
        if let category { collector.checkText(category, at: "\(path).category", maxLength: collector.limits.maxTitleLength) }
        let text = requiredString(members, "text", at: path)
        if let text { collector.checkText(text, at: "\(path).text", multiline: true) }
        let explanation = optionalString(members, "explanation", at: path)
        if let explanation { collector.checkText(explanation, at: "\(path).explanation", multiline: true) }
        var points = 1
        if let value = members["points"] {
            if let number = integer(value) {
                points = number
                collector.checkPoints(number, at: "\(path).points")
            } else {
                collector.add("\(path).points", "must be 0, 1 or 2 (found \(describe(value)))")
            }
        }
        var timeLimit: Int?
        if let value = members["timeLimit"] {
            if let seconds = integer(value) {
                timeLimit = seconds
                collector.checkTimeLimit(seconds, at: "\(path).timeLimit")
            } else {
                collector.add("\(path).timeLimit", "expected a whole number of seconds, found \(describe(value))")
            }
        }
        let media = members["media"].flatMap { readMedia($0, at: "\(path).media") }
        let revealMedia = members["revealMedia"].flatMap { readMedia($0, at: "\(path).revealMedia") }
        let partialCredit = members["partialCredit"].flatMap { readPartialCredit($0, at: "\(path).partialCredit") }
        let extras = readExtras(members, at: path)
        guard let kind else { return nil }
        collector.checkPartialCredit(partialCredit, kind: kind, at: "\(path).partialCredit")
        let content = readContent(kind, members, at: path)
        guard let category, let text, let content else { return nil }
        return Question(category: category, text: text, content: content, explanation: explanation, points: points, timeLimit: timeLimit,
                        media: media, revealMedia: revealMedia, partialCredit: partialCredit, extras: extras)
    }

    /// `"perItem"` or `"allOrNothing"`.
    private mutating func readPartialCredit(_ value: JSONValue, at path: String) -> PartialCredit? {
        if case .string(let name) = value, let rule = PartialCredit(rawValue: name) { return rule }
        let allowed = PartialCredit.allCases.map(\.rawValue).joined(separator: " or ")
        collector.add(path, "expected \(allowed), found \(describe(value))")
        return nil
    }

    /// `{"image":"/media/<sha256>.png","audio":"/media/<sha256>.mp3","startMs":0,"durationMs":15000,"onPhones":true}`.
    private mutating func readMedia(_ value: JSONValue, at path: String) -> QuestionMedia? {
        guard let members = object(value, at: path, allowed: Self.mediaKeys, what: "media") else { return nil }
        var media = QuestionMedia()
        media.image = optionalString(members, "image", at: path)
        media.alt = optionalString(members, "alt", at: path)
        media.audio = optionalString(members, "audio", at: path)
        for key in ["startMs", "durationMs"] {
            guard let raw = members[key] else { continue }
            guard let number = integer(raw) else {
                collector.add("\(path).\(key)", "expected a whole number of milliseconds, found \(describe(raw))")
                continue
            }
            if key == "startMs" { media.startMs = number } else { media.durationMs = number }
        }
        if let raw = members["onPhones"] {
            if case .bool(let flag) = raw { media.onPhones = flag } else { collector.add("\(path).onPhones", "expected true or false, found \(raw.typeName)") }
        }
        collector.checkMedia(media, at: path)
        return media
    }

    /// What every kind shares (its options, fields it does not take, a missing answer), then the kind's own fields.
    private mutating func readContent(_ kind: QuestionKind, _ members: [String: JSONValue], at path: String) -> QuestionContent? {
        let json = kind.json
        var options: [String]?
        if json.hasOptions {
            if let value = members["options"] {
                options = stringArray(value, at: "\(path).options", what: "options")
                if let options { collector.checkOptions(options, kind: kind, at: "\(path).options") }
            } else {
                collector.add(path, "missing field \"options\" (\(kind.rawValue) questions need \(collector.limits.minOptions) to \(collector.limits.maxOptions))")
            }
        } else if members["options"] != nil {
            collector.add("\(path).options", "\(kind.rawValue) questions take no options\(json.optionsHint)")
        }
        for field in Self.ownFields where members[field] != nil && !json.ownFields.contains(field) {
            collector.add("\(path).\(field)", "\(kind.rawValue) questions take no \(field)")
        }
        if json.requiresAnswer, members["answer"] == nil {
            collector.add(path, "missing field \"answer\"")
            return nil
        }
        return json.readContent(members, options: options, at: path, reader: &self)
    }

    /// Every kind's own fields, in kind order.
    /// Each field once, though two kinds may take it (`scoring`: pin and survey), so a question of a third is told once.
    private static let ownFields: [String] = QuestionKind.allCases.flatMap { $0.json.ownFields }.reduce(into: []) { fields, field in
        if !fields.contains(field) { fields.append(field) }
    }

    // MARK: - Shapes

    /// Returns the members of an object, reporting unknown fields; nil (with an error) if not an object.
    private mutating func object(_ value: JSONValue, at path: String, allowed: Set<String>, what: String) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            collector.add(path, "expected \(what) as an object, found \(value.typeName)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for member in members {
            if allowed.contains(member.key) {
                result[member.key] = member.value
            } else {
                collector.add(path.isEmpty ? member.key : "\(path).\(member.key)", "unknown field")
            }
        }
        return result
    }

    private mutating func requiredString(_ members: [String: JSONValue], _ key: String, at path: String) -> String? {
        guard let value = members[key] else {
            collector.add(path, "missing field \"\(key)\"")
            return nil
        }
        guard case .string(let string) = value else {
            collector.add(join(path, key), "expected a string, found \(value.typeName)")
            return nil
        }
        return string
    }

    private mutating func optionalString(_ members: [String: JSONValue], _ key: String, at path: String) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let string) = value else {
            collector.add(join(path, key), "expected a string, found \(value.typeName)")
            return nil
        }
        return string
    }

    mutating func stringArray(_ value: JSONValue, at path: String, what: String) -> [String]? {
        guard case .array(let elements) = value else {
            collector.add(path, "expected an array of \(what), found \(value.typeName)")
            return nil
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            if case .string(let string) = element {
                strings.append(string)
            } else {
                collector.add("\(path)[\(index)]", "expected a string, found \(element.typeName)")
            }
        }
        return strings.count == elements.count ? strings : nil
    }

    func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let string): "\"\(string)\""
        case .bool(let flag): String(flag)
        default: value.typeName
        }
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
