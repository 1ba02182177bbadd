extension Room {
    /// Why `event`, read from the log, cannot be applied to the room as it stands; nil when it can.
    ///
    /// The log is outside input too: a damaged or hand-edited line could name a round the pack
    /// lacks or carry a number that no client may send. `apply` never fails, so replay asks this
    /// first and refuses the whole room (recovery quarantines it) instead of trapping on it.
    /// It checks ranges and references, not the rules: a log from an older build still replays.
    package func logProblem(_ event: RoomEvent) -> String? {
        guard InputBounds.instant.contains(event.at) else { return "its time \(event.at) is outside 1970 to 9999" }
        switch event {
        case .roomCreated(let e):
            return Self.logProblem(e)
        case .questionShown(let e):
            guard e.sequence == asked.count else { return "question \(e.sequence) is shown after \(asked.count) questions" }
            guard pack.rounds.indices.contains(e.round), pack.rounds[e.round].questions.indices.contains(e.index) else {
                return "the pack has no question \(e.index) in round \(e.round)"
            }
            let count = pack.rounds[e.round].questions[e.index].content.options.count
            guard e.permutation.sorted() == Array(0..<count) else { return "its option order is not one of the question's \(count) options" }
            guard e.opensAt >= e.at, e.deadline >= e.opensAt, e.closesAt >= e.deadline, e.closesAt.minus(e.at) <= InputBounds.duration.upperBound else {
                return "its timing is implausible (shown \(e.at), opens \(e.opensAt), deadline \(e.deadline), closes \(e.closesAt))"
            }
        case .answerRecorded(let e):
            guard InputBounds.duration.contains(e.responseMs) else { return "its response time \(e.responseMs) ms is out of range" }
            if let current = currentQuestion, current.sequence == e.sequence, let problem = Self.problem(e.answer, for: question(current)) {
                return problem
            }
        case .buzzPressed(let e):
            guard InputBounds.duration.contains(e.rttMs) else { return "its round-trip time \(e.rttMs) ms is out of range" }
            guard InputBounds.instant.contains(e.pressedAt), e.pressedAt <= e.at else { return "its press time \(e.pressedAt) is implausible" }
        case .buzzMarked(let e):
            if let text = e.text, text.utf8.count > InputBounds.Bytes.text { return "its typed answer is over \(InputBounds.Bytes.text) bytes" }
        case .wagerPlaced(let e):
            guard InputBounds.wager.contains(e.amount) else { return "its stake \(e.amount) is out of range" }
        case .timeAdded(let e):
            guard InputBounds.duration.contains(e.ms) else { return "it adds \(e.ms) ms" }
        case .answersReopened(let e):
            guard InputBounds.instant.contains(e.deadline), InputBounds.instant.contains(e.closesAt) else { return "its deadline is outside 1970 to 9999" }
        case .answersMerged(let e):
            guard e.from.utf8.count <= InputBounds.Bytes.text, e.into.utf8.count <= InputBounds.Bytes.text else { return "it names a group longer than \(InputBounds.Bytes.text) bytes" }
        case .scoreAdjusted(let e):
            guard InputBounds.adjustment.contains(e.delta) else { return "its change \(e.delta) is out of range" }
        case .tiebreakStarted(let e):
            guard InputBounds.isPlayableNumber(e.answer) else { return "its answer \(e.answer) is out of range" }
            guard e.players.count + e.teams.count <= InputBounds.maxListedIDs else { return "it names too many competitors" }
            guard InputBounds.instant.contains(e.deadline), InputBounds.instant.contains(e.closesAt) else { return "its deadline is outside 1970 to 9999" }
        case .tiebreakAnswered(let e):
            guard InputBounds.isPlayableNumber(e.value) else { return "its answer \(e.value) is out of range" }
            guard InputBounds.duration.contains(e.responseMs) else { return "its response time \(e.responseMs) ms is out of range" }
        case .breakStarted, .breakCountdownChanged:
            return breakLogProblem(event)
        case .joinAddressSet(let e):
            if let problem = e.address.problem() { return "its join address is invalid: \(problem)" }
        case .gameCorrected(let e):
            guard phase == .ended else { return "it corrects a game that has not ended" }
            guard e.game == createdAt else { return "it names the game started at \(e.game), not this one (\(createdAt))" }
            guard e.reason.utf8.count <= InputBounds.Bytes.text else { return "its reason is over \(InputBounds.Bytes.text) bytes" }
            if let problem = correctionProblem(e.correction) { return "it does not fit the game: \(problem)" }
        case .hostDisconnected, .hostReconnected, .roomLockChanged, .displayConnected, .displayDisconnected, .teamCreated,
             .playerJoined, .playerDisconnected, .playerReconnected, .playerLeft, .playerKicked, .playerRenamed, .teamRenamed,
             .teamsMerged, .playerMoved, .answersOpened, .answersClosed, .clockPaused, .clockResumed, .questionSkipped,
             .revealUndone, .questionRevealed, .answerAccepted, .answerRejected, .leaderboardShown, .tiebreakEnded, .roomEnded,
             .buzzFalseStart, .buzzFloor:
            break
        }
        return nil
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
    private static func problem(_ answer: AnswerValue, for question: Question) -> String? {
        guard answer.shape == question.kind.module.answerShape else { return "its \(answer.shape.rawValue) answer is for a \(question.kind.rawValue) question" }
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
