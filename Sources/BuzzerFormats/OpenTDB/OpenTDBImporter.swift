import Foundation

/// Converts an Open Trivia Database (opentdb.com) API response into a Buzzer pack document:
/// the pack JSON format as a `JSONValue` tree, the same thing a pack file parses to.
///
/// This is a conversion from one file format to another, so it lives here and knows no game
/// types; whether the result is a valid pack is the game's call (`QuestionPack.decode(_:)`),
/// which checks it like any hand-written pack file.
///
/// - "multiple" becomes `choice`: the correct answer is inserted among the incorrect ones at a
///   position derived from a stable hash of the question text, so it is not always first and a
///   re-import of the same response produces the same pack byte for byte.
/// - "boolean" becomes `truefalse`.
/// - Every string is HTML-decoded (`HTMLEntityDecoder`) and trimmed; categories are kept.
/// - `difficulty` is not mapped: every question is worth the normal 1 point.
package enum OpenTDBImporter {
    /// How imported questions are split into rounds.
    package enum Rounds: Sendable {
        /// One round per category, titled with the category, in order of first appearance.
        case byCategory
        /// A single untitled round (a flat `questions` pack).
        case single
    }

    /// Content from the API is CC BY-SA 4.0, so the pack carries its attribution.
    package static let attribution = "Imported from the Open Trivia Database (opentdb.com), CC BY-SA 4.0."

    package static func packDocument(
        from data: Data, title: String, rounds: Rounds = .byCategory
    ) throws(OpenTDBImportError) -> JSONValue {
        let response: OpenTDBResponse
        do {
            response = try JSONDecoder().decode(OpenTDBResponse.self, from: data)
        } catch let error as DecodingError {
            throw malformed(error)
        } catch {
            throw .malformedJSON(path: "", reason: String(describing: error))
        }
        return try packDocument(from: response, title: title, rounds: rounds)
    }

    package static func packDocument(
        from bytes: [UInt8], title: String, rounds: Rounds = .byCategory
    ) throws(OpenTDBImportError) -> JSONValue {
        try packDocument(from: Data(bytes), title: title, rounds: rounds)
    }

    package static func packDocument(
        from response: OpenTDBResponse, title: String, rounds grouping: Rounds = .byCategory
    ) throws(OpenTDBImportError) -> JSONValue {
        guard response.responseCode == 0 else { throw .responseCode(response.responseCode) }
        guard !response.results.isEmpty else { throw .noQuestions }

        var questions: [(category: String, value: JSONValue)] = []
        for (index, item) in response.results.enumerated() {
            questions.append(try question(from: item, at: "results[\(index)]"))
        }

        var members: [(key: String, value: JSONValue)] = [("title", .string(title)), ("description", .string(attribution))]
        switch grouping {
        case .single:
            members.append(("questions", .array(questions.map(\.value))))
        case .byCategory:
            var order: [String] = []
            var byCategory: [String: [JSONValue]] = [:]
            for question in questions {
                if byCategory[question.category] == nil { order.append(question.category) }
                byCategory[question.category, default: []].append(question.value)
            }
            let rounds = order.map { category -> JSONValue in
                .object([("title", .string(category)), ("questions", .array(byCategory[category] ?? []))])
            }
            members.append(("rounds", .array(rounds)))
        }
        return .object(members)
    }

    static func question(from item: OpenTDBQuestion, at path: String) throws(OpenTDBImportError) -> (category: String, value: JSONValue) {
        let text = clean(item.question)
        let category = clean(item.category)
        var members: [(key: String, value: JSONValue)] = []
        switch item.type {
        case "multiple":
            let incorrect = item.incorrectAnswers.map(clean)
            guard !incorrect.isEmpty else { throw .missingIncorrectAnswers(path: "\(path).incorrect_answers") }
            let position = answerPosition(for: text, optionCount: incorrect.count + 1)
            var options = incorrect
            options.insert(clean(item.correctAnswer), at: position)
            members = [("kind", .string("choice")), ("category", .string(category)), ("text", .string(text)),
                       ("options", .array(options.map(JSONValue.string))), ("answer", .number(Double(position)))]
        case "boolean":
            let answer: Bool
            switch clean(item.correctAnswer).lowercased() {
            case "true": answer = true
            case "false": answer = false
            default: throw .invalidBooleanAnswer(path: "\(path).correct_answer", value: item.correctAnswer)
            }
            members = [("kind", .string("truefalse")), ("category", .string(category)), ("text", .string(text)), ("answer", .bool(answer))]
        default:
            throw .unknownType(path: "\(path).type", type: item.type)
        }
        return (category, .object(members))
    }

    /// Where the correct answer goes: FNV-1a (64-bit) of the decoded question text, modulo the
    /// option count. Swift's `Hasher` is seeded per process, so it would reshuffle every import.
    static func answerPosition(for text: String, optionCount: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(optionCount))
    }

    private static func clean(_ text: String) -> String {
        HTMLEntityDecoder.decode(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Turns a decoding failure into "where and what", e.g. `results[2].correct_answer: missing`.
    private static func malformed(_ error: DecodingError) -> OpenTDBImportError {
        func render(_ codingPath: [any CodingKey]) -> String {
            var path = ""
            for key in codingPath {
                if let index = key.intValue {
                    path += "[\(index)]"
                } else {
                    path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return path
        }
        switch error {
        case let .keyNotFound(key, context):
            return .malformedJSON(path: render(context.codingPath + [key]), reason: "missing")
        case let .typeMismatch(type, context):
            return .malformedJSON(path: render(context.codingPath), reason: "expected \(type)")
        case let .valueNotFound(type, context):
            return .malformedJSON(path: render(context.codingPath), reason: "expected \(type), found null")
        case .dataCorrupted(let context):
            var reason = context.debugDescription
            if let underlying = context.underlyingError { reason += " (\(underlying))" }
            return .malformedJSON(path: render(context.codingPath), reason: reason)
        @unknown default:
            return .malformedJSON(path: "", reason: String(describing: error))
        }
    }
}
