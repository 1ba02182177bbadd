/// Hints, as a pub quiz gives them: the host shows the current question's next hint from the pack
/// (`hints`: up to 5, each up to 200 characters) on the phones and the projector, and each hint
/// shown costs every player `hintCost` of the question's points (a fraction from 0 to 1; a quarter
/// when the pack sets none). The whole mechanic is this file and its register line (docs/mechanics.md).
package enum Hint: RoomMechanic {
    package static let name = "hint"
    package static let defaultCost = 0.25
    package static let commands: [any ClientCommand.Type] = [HintCommand.self]
    package static let events: [any ExtensionEvent.Type] = [HintShown.self]
    package static let questionFields = [QuestionExtraField("hints", .texts(maxCount: 5, maxLength: 200)), QuestionExtraField("hintCost", .fraction)]

    static func hints(_ question: Question) -> [String] { question.extras["hints"]?.texts ?? [] }
    static func cost(_ question: Question) -> Double { question.extras["hintCost"]?.fraction ?? defaultCost }

    package static func notes(_ entry: AskedQuestion, _ question: Question) -> [QuestionNote] {
        hints(question).prefix(count(on: entry)).enumerated().map { QuestionNote(by: name, n: $0.offset + 1, text: $0.element) }
    }

    package static func actions(_ entry: AskedQuestion, _ question: Question, phase: RoomPhase) -> [MechanicAction] {
        let hints = hints(question)
        guard !hints.isEmpty, HintCommand.phases.contains(phase) else { return [] }
        return [MechanicAction(command: HintCommand.wireName, used: count(on: entry), total: hints.count, costPercent: Int((cost(question) * 100).rounded()))]
    }

    /// Each hint shown takes `hintCost` of the points, down to none, to the nearest point (a half
    /// down): flat scoring's 1-point question keeps its point after one quarter-cost hint, not after two.
    package static func points(_ points: Int, _ entry: AskedQuestion, _ question: Question) -> Int {
        let shown = count(on: entry)
        guard shown > 0, points > 0 else { return points }
        let left = max(0, 1 - cost(question) * Double(shown))
        return max(0, Int((Double(points) * left - 0.5).rounded(.up)))
    }
}

/// `hint`: show the current question's next hint (docs/mechanics.md).
package struct HintCommand: FieldlessCommand {
    package static let wireName = "hint"
    package static let title = "show a hint"
    package static let waitsForTheRound = true
    /// While players may still answer: a hint after the close would only cost points.
    static let phases: [RoomPhase] = [.reading, .open]

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, Self.phases.contains(room.phase) else { throw .badPhase(command: Self.title, phase: room.phase) }
        let shown = Hint.count(on: current)
        guard shown < Hint.hints(room.question(current)).count else { throw .unavailable("this question has no hint left") }
        return [HintShown(at: now, sequence: current.sequence, number: shown + 1).event]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        guard let current = room.currentQuestion, phases.contains(room.phase) else { return 0 }
        return Hint.count(on: current) < Hint.hints(room.question(current)).count ? 3 : 1
    }
}

/// The host showed hint `number` (from 1) of question `sequence`.
package struct HintShown: ExtensionEvent {
    package static let wireName = "hint_shown"
    package var at: GameInstant
    package var sequence: Int
    package var number: Int

    package init(at: GameInstant, sequence: Int, number: Int) {
        self.at = at
        self.sequence = sequence
        self.number = number
    }

    package func apply(to room: inout Room) {
        guard room.asked.indices.contains(sequence) else { return }
        room.asked[sequence].mechanicCounts[Hint.name] = number
    }

    /// Hints come one at a time, in order, before the reveal, and the pack must have them.
    package func logProblem(in room: Room) -> String? {
        guard room.asked.indices.contains(sequence) else { return "it names question \(sequence), which the room has not asked" }
        let entry = room.asked[sequence]
        guard number == Hint.count(on: entry) + 1 else { return "it shows hint \(number) after \(Hint.count(on: entry))" }
        guard number <= Hint.hints(room.question(entry)).count else { return "the question has no hint \(number)" }
        guard !entry.isRevealed else { return "question \(sequence) is already revealed" }
        return nil
    }

    /// Not capped by `HostLimits`: the pack bounds it (5 per question).
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .questionNotes) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, number: 1)] }
}
