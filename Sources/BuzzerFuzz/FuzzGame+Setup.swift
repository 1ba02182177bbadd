import BuzzerApp
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

/// Rooms to play: random settings (every field, some out of range) and random packs (every kind,
/// 2...6 options and beyond, wager rounds, media), made in code or sent as a client's `create`.
extension FuzzGame {
    /// One attempt at a room. Refusals must be `GameError`s with documented codes; after a few,
    /// the game falls back to settings and a pack that are sure to play.
    mutating func create(report: inout ProtocolFuzzer.Report) throws(Failure) {
        let fallback = step > 4
        var settings = fallback ? playableSettings() : randomSettings()
        let pack = fallback ? playablePack() : randomPack()
        let hostHash = "host-\(number)"
        let roomSeed = source.next()
        if !fallback, source.chance(0.3) {
            // As a client sends it: the pack as JSON, the settings as overrides of the defaults.
            let overrides = settingsJSON(settings)
            let json = #"{"type":"\#(ClientMessageType.create.rawValue)","questions":\#(JSONPrettyPrinter.print(pack.jsonValue)),"settings":\#(overrides)}"#
            action = .create("from JSON, \(json.utf8.count) bytes, settings \(Self.short(overrides))")
            report.clientMessages += 1
            let message: ClientMessage
            do {
                message = try ClientMessage.decode(Array(json.utf8), packLimits: QuestionPackLimits())
            } catch {
                try checkClientError(error, json: json)
                report.createRefused[ProtocolErrorCode.badMessage.rawValue, default: 0] += 1
                return
            }
            guard case .entry(.create(let request)) = message, case .inline(let decoded) = request.source else {
                throw failure("create decodes as create", "\(Self.short(message))")
            }
            do {
                settings = try RoomSettings.merging(request.settings, over: RoomSettings())
            } catch {
                report.createRefused[ProtocolErrorCode.invalidSettings.rawValue, default: 0] += 1
                return
            }
            return try open(pack: decoded, settings: settings, seed: roomSeed, hostHash: hostHash, report: &report)
        }
        // Describing a pack of huge strings costs more than playing it: the trace replays it anyway.
        action = .create("in code: settings \(Self.short(settings)); pack of \(pack.rounds.count) rounds, \(pack.questionCount) questions")
        try open(pack: pack, settings: settings, seed: roomSeed, hostHash: hostHash, report: &report)
    }

    private mutating func open(pack: QuestionPack, settings: RoomSettings, seed roomSeed: UInt64, hostHash: String, report: inout ProtocolFuzzer.Report) throws(Failure) {
        do {
            let (room, event) = try Room.create(code: "FUZZ\(number % 100)", pack: pack, settings: settings, seed: roomSeed, hostTokenHash: hostHash, at: now)
            self.room = room
            log = [event]
            try check(publisher.publish([event], in: room, to: attendance, now: now).deliveries, report: &report)
            try check([Delivery(audience: .host, message: .state(RoomPublisher.state(of: room, for: .host, now: now)))], report: &report)
        } catch let error as GameError {
            report.createRefused[error.code.rawValue, default: 0] += 1
            guard error.code.isSentToClients else {
                throw failure("documented error code", "create refused with \(error.code)")
            }
        } catch let error as Failure {
            throw error
        } catch {
            throw failure(ClientMessageType.create.rawValue, "unexpected \(error)")
        }
    }

    // MARK: - Settings

    /// Quick games that always start: short reading, short answer windows.
    mutating func playableSettings() -> RoomSettings {
        var settings = RoomSettings()
        settings.readingTimeMs = 500
        settings.timeLimitSeconds = 5
        return settings
    }

    /// Every field drawn; most in range, some at a boundary, some out of range.
    mutating func randomSettings() -> RoomSettings {
        var s = playableSettings()
        let wild = source.chance(0.15)
        func duration(_ usual: ClosedRange<Int>) -> GameDuration {
            if wild, source.chance(0.3) {
                return source.boundaryDuration()
            }
            return GameDuration(source.int(usual))
        }
        func int(_ usual: ClosedRange<Int>) -> Int {
            if wild, source.chance(0.3) {
                return source.boundaryInt()
            }
            return source.int(usual)
        }
        s.lateJoin = source.chance(0.8)
        s.readingTimeMs = duration(0...3000)
        s.timeLimitSeconds = int(1...30)
        s.answerGraceMs = duration(0...1000)
        s.closeWhenAllAnswered = source.bool()
        s.dropGraceMs = duration(0...8000)
        s.allowAnswerChange = source.chance(0.3)
        s.autoAdvance = source.chance(0.4)
        s.autoRevealDelayMs = duration(0...5000)
        s.autoAdvanceDelayMs = duration(0...8000)
        s.leaderboardDelayMs = duration(0...10_000)
        s.shuffleOptions = source.bool()
        s.scoring = source.chance(0.7) ? .speed : .flat
        s.streakBonus = source.bool()
        s.teamStanding = source.bool() ? .average : .sum
        s.podiumSize = int(1...5)
        s.maxPlayers = int(1...12)
        s.resumeGraceMs = duration(0...600_000)
        s.hostAwayGraceMs = duration(0...300_000)
        s.rttCompensationCapMs = duration(0...500)
        s.fullPointsWithinMs = duration(0...1000)
        s.nicknameMaxLength = int(1...40)
        s.teamNameMaxLength = int(1...40)
        s.maxTextAnswerLength = int(1...300)
        if source.chance(0.2) { s.blockedNames = (0..<source.int(1...3)).map { _ in source.chance(0.7) ? "badword" : source.text() } }
        if source.chance(0.2) {
            s.teams = (0..<source.int(wild ? 0...102 : 1...6)).map { index in source.chance(0.8) ? "Table \(index + 1)" : source.text() }
        }
        s.teamMode = source.chance(0.3)
        s.shuffleQuestions = source.chance(0.3)
        // Small enough that joins and leaves reach them: every seat given, every team typed.
        s.maxSeats = int(1...16)
        s.maxTeams = int(1...6)
        return s
    }

    /// Settings as a client's `create` writes them: changed fields only, numbers as written.
    func settingsJSON(_ settings: RoomSettings) -> String {
        let defaults = RoomSettings()
        var members: [String] = []
        func add(_ key: String, _ value: String) { members.append("\"\(key)\":\(value)") }
        func number<T: BinaryInteger>(_ key: String, _ value: T, _ original: T) { if value != original { add(key, "\(value)") } }
        func flag(_ key: String, _ value: Bool, _ original: Bool) { if value != original { add(key, "\(value)") } }
        flag("lateJoin", settings.lateJoin, defaults.lateJoin)
        number("readingTimeMs", settings.readingTimeMs, defaults.readingTimeMs)
        number("timeLimitSeconds", settings.timeLimitSeconds, defaults.timeLimitSeconds)
        number("answerGraceMs", settings.answerGraceMs, defaults.answerGraceMs)
        flag("closeWhenAllAnswered", settings.closeWhenAllAnswered, defaults.closeWhenAllAnswered)
        number("dropGraceMs", settings.dropGraceMs, defaults.dropGraceMs)
        flag("allowAnswerChange", settings.allowAnswerChange, defaults.allowAnswerChange)
        flag("autoAdvance", settings.autoAdvance, defaults.autoAdvance)
        number("autoRevealDelayMs", settings.autoRevealDelayMs, defaults.autoRevealDelayMs)
        number("autoAdvanceDelayMs", settings.autoAdvanceDelayMs, defaults.autoAdvanceDelayMs)
        number("leaderboardDelayMs", settings.leaderboardDelayMs, defaults.leaderboardDelayMs)
        flag("shuffleOptions", settings.shuffleOptions, defaults.shuffleOptions)
        if settings.scoring != defaults.scoring { add("scoring", "\"\(settings.scoring.rawValue)\"") }
        flag("streakBonus", settings.streakBonus, defaults.streakBonus)
        if settings.teamStanding != defaults.teamStanding { add("teamStanding", "\"\(settings.teamStanding.rawValue)\"") }
        number("podiumSize", settings.podiumSize, defaults.podiumSize)
        number("maxPlayers", settings.maxPlayers, defaults.maxPlayers)
        number("maxSeats", settings.maxSeats, defaults.maxSeats)
        number("maxTeams", settings.maxTeams, defaults.maxTeams)
        number("resumeGraceMs", settings.resumeGraceMs, defaults.resumeGraceMs)
        number("hostAwayGraceMs", settings.hostAwayGraceMs, defaults.hostAwayGraceMs)
        number("rttCompensationCapMs", settings.rttCompensationCapMs, defaults.rttCompensationCapMs)
        number("fullPointsWithinMs", settings.fullPointsWithinMs, defaults.fullPointsWithinMs)
        number("nicknameMaxLength", settings.nicknameMaxLength, defaults.nicknameMaxLength)
        number("teamNameMaxLength", settings.teamNameMaxLength, defaults.teamNameMaxLength)
        number("maxTextAnswerLength", settings.maxTextAnswerLength, defaults.maxTextAnswerLength)
        if !settings.blockedNames.isEmpty { add("blockedNames", JSONPrettyPrinter.print(.array(settings.blockedNames.map(JSONValue.string)))) }
        if !settings.teams.isEmpty { add("teams", JSONPrettyPrinter.print(.array(settings.teams.map(JSONValue.string)))) }
        flag("teamMode", settings.teamMode, defaults.teamMode)
        flag("shuffleQuestions", settings.shuffleQuestions, defaults.shuffleQuestions)
        return "{\(members.joined(separator: ","))}"
    }

    // MARK: - Packs

    /// Questions that play: an example of each kind that makes one (`QuestionKind.examples`).
    func playablePack() -> QuestionPack {
        QuestionPack(title: "Fallback", questions: QuestionKind.examples.enumerated().map { index, kind in
            var question = kind.example(index + 1, seed: 0)
            question.explanation = Self.explanation(index)
            return question
        })
    }

    /// Rounds of every kind of question, mostly valid; sometimes past `QuestionPackLimits`.
    mutating func randomPack() -> QuestionPack {
        let wild = source.chance(0.1)
        var ordinal = 0
        var rounds: [PackRound] = []
        let roundCount = wild && source.chance(0.2) ? source.pick([0, 6]) : source.int(1...4)
        for _ in 0..<roundCount {
            let wager = source.chance(0.25)
            // A long wager round lets stakes compound: 70 questions doubling a score.
            let count = wild && source.chance(0.3) ? source.pick([0, 70, 1001]) : (wager && source.chance(0.1) ? 70 : source.int(1...8))
            var questions: [Question] = []
            for _ in 0..<count {
                questions.append(randomQuestion(ordinal: ordinal, wild: wild))
                ordinal += 1
            }
            rounds.append(PackRound(title: source.chance(0.5) ? source.cleanText(maxLength: 30) : nil, wager: wager, questions: questions,
                                    breakBefore: source.chance(0.3) ? randomBreak(wild: wild) : nil))
        }
        if greedy {
            // All in, 70 times: a stake doubles a score each time it wins.
            rounds.append(PackRound(title: "All in", wager: true, questions: (0..<70).map { _ in
                ordinal += 1
                let kinds = QuestionKind.examples
                var question = kinds[source.int(0...(kinds.count - 1))].example(ordinal, seed: source.int(0...3))
                question.explanation = Self.explanation(ordinal - 1)
                return question
            }))
        }
        let title = wild && source.chance(0.3) ? source.text() : source.cleanText(maxLength: 40)
        return QuestionPack(title: title, description: source.chance(0.3) ? source.cleanText(maxLength: 100) : nil, rounds: rounds,
                            partialCredit: source.chance(0.3) ? source.pick(PartialCredit.allCases) : nil)
    }

    /// A break slide before a round: mostly within its limits, a wild pack's sometimes past them.
    private mutating func randomBreak(wild: Bool) -> RoundBreak {
        RoundBreak(title: wild && source.chance(0.3) ? source.text() : source.cleanText(maxLength: 40),
                   text: source.chance(0.5) ? source.cleanText(maxLength: 100) : nil,
                   minutes: source.chance(0.3) ? nil : wild && source.chance(0.3) ? source.boundaryInt() : source.int(1...60))
    }

    private mutating func randomQuestion(ordinal: Int, wild: Bool) -> Question {
        func text(_ maxLength: Int) -> String { source.packText(maxLength, wild: wild) }
        let content = source.pick(QuestionKind.allCases).module.fuzzContent(wild: wild, source: &source)
        // Partial credit on multi and order questions (now and then on another kind, which the pack refuses).
        let partialCredit: PartialCredit? = source.chance(content.kind.hasPartialCredit || wild ? 0.4 : 0) ? source.pick(PartialCredit.allCases) : nil
        return Question(
            category: text(40), text: text(200), content: content,
            explanation: source.chance(0.7) ? Self.explanation(ordinal) : nil,
            points: wild && source.chance(0.2) ? source.boundaryInt() : source.pick([0, 1, 1, 2]),
            timeLimit: source.chance(0.3) ? (wild ? source.boundaryInt() : source.int(5...20)) : nil,
            // A kind that needs a picture gets one (a wild pack's now and then not, which the pack refuses).
            media: source.chance(0.1) || (content.kind.module.missingPictureProblem != nil && !(wild && source.chance(0.1)))
                ? QuestionMedia(image: Self.media("a11ce5", ordinal, "png"), alt: "a picture") : nil,
            revealMedia: source.chance(0.2) ? revealMedia(ordinal) : nil, partialCredit: partialCredit,
            extras: source.chance(0.3) ? randomExtras(wild: wild) : [:])
    }

    /// The room mechanics' fields (`RoomMechanics.questionFields`: hints and their cost), mostly in
    /// range; a wild pack's now and then past it, which the pack refuses.
    private mutating func randomExtras(wild: Bool) -> [String: QuestionExtra] {
        var extras: [String: QuestionExtra] = [:]
        for field in RoomMechanics.questionFields where source.chance(0.7) {
            switch field.shape {
            case let .texts(maxCount, maxLength):
                let count = wild && source.chance(0.2) ? maxCount + 1 : source.int(1...maxCount)
                extras[field.name] = .texts((0..<count).map { _ in source.packText(maxLength, wild: wild) })
            case .fraction:
                extras[field.name] = .fraction(wild && source.chance(0.2) ? source.boundaryDouble() : Double(source.int(0...100)) / 100)
            }
        }
        return extras
    }

    private mutating func revealMedia(_ ordinal: Int) -> QuestionMedia {
        source.bool()
            ? QuestionMedia(image: Self.media(Self.revealMediaPrefix, ordinal, "jpg"))
            : QuestionMedia(audio: Self.media(Self.revealMediaPrefix, ordinal, "mp3"), startMs: 0, durationMs: 1000)
    }

    /// Explanations carry `⟦why:N⟧` (N: the question's place in the pack as made), which nothing
    /// else the fuzzer writes contains: the leak check finds it in a message by its value.
    static func explanation(_ ordinal: Int) -> String { "Because. \(explanationMarker)\(ordinal)⟧" }
    static let explanationMarker = "⟦why:"

    /// Reveal media are `/media/5ec7e7<N, zero-padded to 58 digits>.<ext>`, found in a message the same way.
    static let revealMediaPrefix = "5ec7e7"

    static func media(_ prefix: String, _ ordinal: Int, _ ext: String) -> String {
        let digits = String(ordinal)
        return "/media/\(prefix)\(String(repeating: "0", count: 64 - prefix.count - digits.count))\(digits).\(ext)"
    }
}

extension String {
    /// The string with whitespace trimmed, or `fallback` if nothing is left.
    func trimmingWhitespace(orElse fallback: String) -> String {
        let trimmed = split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return trimmed.isEmpty ? fallback : trimmed
    }
}
