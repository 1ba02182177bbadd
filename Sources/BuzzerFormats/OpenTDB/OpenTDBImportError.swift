/// Why an Open Trivia Database response could not become a pack document. Paths such as
/// `results[3].type` point into the response JSON. (A document that is not a valid pack is
/// the game's `QuestionPackErrors`, with paths into the pack.)
package enum OpenTDBImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON, or not shaped like an API response.
    case malformedJSON(path: String, reason: String)
    /// The API reported a failure instead of questions.
    case responseCode(Int)
    /// The response succeeded but carried no questions.
    case noQuestions
    /// A question's `type` is neither "multiple" nor "boolean".
    case unknownType(path: String, type: String)
    /// A boolean question whose `correct_answer` is not "True" or "False".
    case invalidBooleanAnswer(path: String, value: String)
    /// A multiple-choice question with no incorrect answers.
    case missingIncorrectAnswers(path: String)

    package var description: String {
        switch self {
        case let .malformedJSON(path, reason):
            path.isEmpty ? "not an Open Trivia Database response: \(reason)" : "not an Open Trivia Database response: \(path): \(reason)"
        case .responseCode(let code):
            "Open Trivia Database response_code \(code) (\(OpenTDBResponseCode.meaning(of: code)))"
        case .noQuestions:
            "the response contains no questions"
        case let .unknownType(path, type):
            "\(path): unknown question type \"\(type)\" (expected \"multiple\" or \"boolean\")"
        case let .invalidBooleanAnswer(path, value):
            "\(path): \"\(value)\" is not \"True\" or \"False\""
        case .missingIncorrectAnswers(let path):
            "\(path): a multiple-choice question needs at least one incorrect answer"
        }
    }
}
