/// The body of an Open Trivia Database `api.php` response (https://opentdb.com/api_config.php),
/// in its default encoding: every string is HTML with character references such as `&quot;`.
package struct OpenTDBResponse: Codable, Sendable, Equatable {
    /// 0 = success; anything else means `results` is empty or unusable (see `OpenTDBResponseCode`).
    package var responseCode: Int
    package var results: [OpenTDBQuestion]

    package init(responseCode: Int, results: [OpenTDBQuestion]) {
        self.responseCode = responseCode
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case responseCode = "response_code"
        case results
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        responseCode = try container.decode(Int.self, forKey: .responseCode)
        // Error responses (e.g. code 1, "no results") may omit the array altogether.
        results = try container.decodeIfPresent([OpenTDBQuestion].self, forKey: .results) ?? []
    }
}

/// One question as the API sends it. Strings are still HTML-encoded here.
package struct OpenTDBQuestion: Codable, Sendable, Equatable {
    package var category: String
    /// "multiple" (four options) or "boolean" ("True"/"False").
    package var type: String
    /// "easy", "medium" or "hard"; kept for reference, not mapped to points.
    package var difficulty: String
    package var question: String
    package var correctAnswer: String
    package var incorrectAnswers: [String]

    package init(
        category: String, type: String, difficulty: String,
        question: String, correctAnswer: String, incorrectAnswers: [String]
    ) {
        self.category = category
        self.type = type
        self.difficulty = difficulty
        self.question = question
        self.correctAnswer = correctAnswer
        self.incorrectAnswers = incorrectAnswers
    }

    enum CodingKeys: String, CodingKey {
        case category, type, difficulty, question
        case correctAnswer = "correct_answer"
        case incorrectAnswers = "incorrect_answers"
    }
}

/// The documented meanings of `response_code`, for error messages.
package enum OpenTDBResponseCode {
    package static func meaning(of code: Int) -> String {
        switch code {
        case 0: "success"
        case 1: "no results: the API has too few questions for the query"
        case 2: "invalid parameter in the request"
        case 3: "session token not found"
        case 4: "session token has returned every question; reset it"
        case 5: "rate limited: too many requests, wait 5 seconds"
        default: "unknown response code"
        }
    }
}
