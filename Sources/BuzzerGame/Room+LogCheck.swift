extension Room {
    /// Why `event`, read from the log, cannot be applied to the room as it stands; nil when it can.
    ///
    /// The log is outside input too: a damaged or hand-edited line could name a round the pack
    /// lacks or carry a number that no client may send. `apply` never fails, so replay asks this
    /// first and refuses the whole room (recovery quarantines it) instead of trapping on it.
    /// It checks ranges and references, not the rules: a log from an older build still replays.
    package func logProblem(_ event: RoomEvent) -> String? {
        guard InputBounds.instant.contains(event.at) else { return "its time \(event.at) is outside 1970 to 9999" }
        var room = self
        return event.visit(CheckingLogLine.self, &room)
    }

    /// Why a logged `room_created` cannot open a room: settings out of range, or a pack no server could play.
    package static func logProblem(_ created: RoomCreated) -> String? {
        guard InputBounds.instant.contains(created.at) else { return "its time \(created.at) is outside 1970 to 9999" }
        if let problem = created.settings.problem() { return "its settings are out of range: \(problem)" }
        if let problem = created.league?.problem() { return "its league is invalid: \(problem)" }
        if let problem = created.pack.validate(limits: .largestAllowed).first { return "its pack is invalid: \(problem)" }
        return nil
    }

    /// An answer the question could not have accepted: the wrong kind, an option it lacks, a number out of range.
    static func problem(_ answer: AnswerValue, for question: Question) -> String? {
        guard answer.shape == question.kind.module.answerShape else { return "its \(answer.shape.name) answer is for a \(question.kind.rawValue) question" }
        return question.kind.module.logProblem(answer, tileCount: question.content.options.count)
    }
}

extension QuestionPackLimits {
    /// The widest limits config.json may set (`problem()`): what a logged pack is checked against,
    /// whatever the server's own limits were when it was played.
    package static let largestAllowed: QuestionPackLimits = {
        var limits = QuestionPackLimits()
        limits.minOptions = 2
        limits.maxOptions = upperBounds.maxOptions
        limits.minTimeLimitSeconds = 1
        limits.maxTimeLimitSeconds = upperBounds.maxTimeLimitSeconds
        limits.maxTitleLength = upperBounds.maxTitleLength
        limits.maxTextLength = upperBounds.maxTextLength
        limits.maxOptionLength = upperBounds.maxOptionLength
        limits.maxAcceptedAnswers = upperBounds.maxAcceptedAnswers
        limits.maxQuestions = upperBounds.maxQuestions
        // A game from before packs refused control characters still replays; its text is escaped when printed.
        limits.allowsControlCharacters = true
        return limits
    }()

    private static let upperBounds = (
        maxOptions: InputBounds.option.upperBound + 1, maxTimeLimitSeconds: 3600, maxTitleLength: 1000, maxTextLength: 10_000,
        maxOptionLength: 1000, maxAcceptedAnswers: 500, maxQuestions: 10_000)

    /// The first limit outside what the server supports, as a sentence; nil when all are fine.
    package func problem() -> String? {
        let checks: [(String, Int, ClosedRange<Int>)] = [
            ("minOptions", minOptions, 2...Self.upperBounds.maxOptions),
            ("maxOptions", maxOptions, max(2, minOptions)...Self.upperBounds.maxOptions),
            ("minTimeLimitSeconds", minTimeLimitSeconds, 1...Self.upperBounds.maxTimeLimitSeconds),
            ("maxTimeLimitSeconds", maxTimeLimitSeconds, max(1, minTimeLimitSeconds)...Self.upperBounds.maxTimeLimitSeconds),
            ("maxTitleLength", maxTitleLength, 1...Self.upperBounds.maxTitleLength),
            ("maxTextLength", maxTextLength, 1...Self.upperBounds.maxTextLength),
            ("maxOptionLength", maxOptionLength, 1...Self.upperBounds.maxOptionLength),
            ("maxAcceptedAnswers", maxAcceptedAnswers, 1...Self.upperBounds.maxAcceptedAnswers),
            ("maxQuestions", maxQuestions, 1...Self.upperBounds.maxQuestions),
        ]
        for (name, value, range) in checks where !range.contains(value) {
            return "\(name) must be \(range.lowerBound)-\(range.upperBound) (found \(value))"
        }
        return nil
    }
}
