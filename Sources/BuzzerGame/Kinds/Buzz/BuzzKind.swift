/// `buzz`: the buzzer round. The host reads the question; players race to press one big button;
/// the first in the fair order (`BuzzQueue`) gets the floor and answers out loud; the host marks
/// it. A press is not an answer players send: it arrives as `buzz` (Room+Buzz.swift) and becomes a
/// recorded answer of this kind, which the host's mark makes right or wrong. Unmarked presses are
/// counted, never judged; a wrong mark costs the question's `penalty`.
package enum BuzzKind: QuestionKindModule {
    package static let name = "buzz"
    package static var answerShape: AnswerShape { .press }

    // The mechanic (Room+Buzz.swift): the press and the host's two commands, the four events, the queue, the floor's timer.
    package static let commands: [any ClientCommand.Type] = [BuzzCommand.self, OpenBuzzersCommand.self, MarkBuzzCommand.self]
    package static let events: [any ExtensionEvent.Type] = [BuzzPressed.self, BuzzFalseStart.self, BuzzFloor.self, BuzzMarked.self]

    package static func questionState(_ content: QuestionContent) -> (any KindQuestionState)? { BuzzQueue() }

    /// The queue every screen shows (the `buzz` message, and `state.buzz`).
    package static let serverMessages: [any ServerMessageBody.Type] = [BuzzView.self]
    package static func liveView(in room: Room) -> (any ServerMessageBody)? { room.buzzView }

    /// The floor: given once no fairer press can still arrive.
    package static func timerDue(in room: Room, _ current: AskedQuestion) -> GameInstant? { room.buzzFloorDue(current) }
    package static func timerEvent(in room: Room, at now: GameInstant) -> RoomEvent? { room.buzzFloorEvent(at: now) }

    /// The floor holder of a question with accepted answers may type the answer.
    package static func decideAnswer(by player: PlayerID, _ submission: AnswerSubmission, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]? {
        try room.decideTypedBuzz(player, submission, at: now)
    }

    /// The presses are the answers, and they are not the end of it: the marks are.
    package static func closesWhenAllAnswered(_ entry: AskedQuestion) -> Bool { entry.buzz.presses.isEmpty }

    /// The time stands still while a player has the floor: nobody is timed out mid-answer.
    package static func holdsClock(_ entry: AskedQuestion) -> Bool { entry.buzz.floor != nil }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let buzz? = content.buzz else { return }
        if !buzz.accepted.isEmpty { collector.checkAccepted(buzz.accepted, at: "\(path).answer") }
        if let problem = buzz.problem() { collector.add(path, problem) }
    }

    /// Players press with `buzz`: an `answer` of this kind is refused, so nobody marks their own press.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        throw .invalidAnswer("press the buzzer with \"buzz\"; the host marks the answer")
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .press(let press) = answer else { return nil }
        return InputBounds.id.contains(press.place) ? nil : "its place \(press.place) is out of range"
    }

    /// Right when the host marked it right; unmarked presses have no credit (counted, not judged).
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        { recorded in
            guard case .press(let press) = recorded.value, let right = press.right else { return nil }
            return right ? (1, 1) : (0, 1)
        }
    }

    /// A wrong mark's cost; an unmarked or right press costs nothing.
    package static func penalty(_ content: QuestionContent, _ answer: RecordedAnswer) -> Int {
        guard case let buzz? = content.buzz, case .press(let press) = answer.value, press.right == false else { return 0 }
        return buzz.penalty
    }

    package static func opensOnHostCommand(_ content: QuestionContent) -> Bool {
        guard case let buzz? = content.buzz else { return false }
        return buzz.opens == .host
    }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let buzz? = content.buzz, !buzz.accepted.isEmpty else { return .none }
        return .text(buzz.accepted + acceptedExtra)
    }

    package static func acceptedAnswers(_ content: QuestionContent) -> [String]? {
        guard case let buzz? = content.buzz, !buzz.accepted.isEmpty else { return nil }
        return buzz.accepted
    }

    /// "1st, right" (with "tie" when the press tied): the export's and the timeline's text.
    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .press(let press) = value else { return "" }
        let mark = press.right.map { $0 ? "right" : "wrong" } ?? "not marked"
        return "\(BuzzQueue.ordinal(press.place))\(press.tie ? " (tie)" : ""), \(mark)"
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let buzz? = content.buzz else { return "" }
        return (buzz.accepted + acceptedExtra).joined(separator: " / ")
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        .press(ButtonPress(place: 1, tie: false, right: right))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        var buzz = BuzzQuestion()
        buzz.accepted = source.chance(0.5) ? ["yes"] : []
        buzz.penalty = wild && source.chance(0.1) ? -1 : source.int(0...500)
        buzz.falseStartLockout = source.chance(0.7)
        buzz.tieWindowMs = wild && source.chance(0.1) ? 5_000 : source.int(0...50)
        buzz.opens = source.chance(0.3) ? .host : .afterReading
        return .buzz(buzz)
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        .press(ButtonPress(place: 1, tie: false, right: nil))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        .press(ButtonPress(place: 1, tie: false, right: true))
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue {
        .press(ButtonPress(place: source.boundaryInt(), tie: source.chance(0.5), right: nil))
    }
}

/// A buzz question's own settings, from the pack (docs/kinds-buzz.md).
package struct BuzzQuestion: Sendable, Equatable {
    /// When the buzzers open: after the room's reading time, or only on the host's `open_buzzers`.
    package enum Opening: String, Sendable, Equatable, CaseIterable {
        case afterReading = "reading"
        case host
    }

    /// Typed answers the host may check the spoken one against (shown on the console and at the reveal); may be empty.
    package var accepted: [String] = []
    /// Points a wrong answer costs, 0...`maxPenalty`.
    package var penalty = 0
    /// A press before the buzzers open locks its player (or team) out of the question.
    package var falseStartLockout = true
    /// Presses whose corrected times are at most this far apart are a tie, 0...`maxTieWindowMs`.
    package var tieWindowMs = BuzzQuestion.defaultTieWindowMs
    package var opens = Opening.afterReading

    package static let defaultTieWindowMs = 20
    package static let maxTieWindowMs = 1_000
    package static let maxPenalty = 100_000

    package init(accepted: [String] = [], penalty: Int = 0, falseStartLockout: Bool = true, tieWindowMs: Int = BuzzQuestion.defaultTieWindowMs, opens: Opening = .afterReading) {
        self.accepted = accepted
        self.penalty = penalty
        self.falseStartLockout = falseStartLockout
        self.tieWindowMs = tieWindowMs
        self.opens = opens
    }

    /// The first field out of its range, as a sentence; nil when all are fine.
    package func problem() -> String? {
        if !(0...Self.maxPenalty).contains(penalty) { return "penalty must be 0-\(Self.maxPenalty) (found \(penalty))" }
        if !(0...Self.maxTieWindowMs).contains(tieWindowMs) { return "tieWindowMs must be 0-\(Self.maxTieWindowMs) (found \(tieWindowMs))" }
        return nil
    }
}


extension QuestionKind {
    package static let buzz = QuestionKind(BuzzKind.self)
}

extension BuzzQuestion: KindContent {}

extension QuestionContent {
    /// The buzzer round: players press, the host marks the floor holder (`BuzzQuestion` holds its settings).
    package static func buzz(_ question: BuzzQuestion) -> QuestionContent { QuestionContent(.buzz, question) }
    /// A buzz question's settings; nil for other kinds.
    package var buzz: BuzzQuestion? { payload(.buzz, as: BuzzQuestion.self) }
}
