/// `merge_answers`: a survey's answer group `from` joins group `into` before the reveal; each is a
/// group's key or any answer that folds to it (`SurveyKind.groupKey`).
package struct MergeAnswersCommand: ClientCommand {
    package static let wireName = "merge_answers"
    package static let title = "merge answers"
    package static let repliesOK = true
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [
        .required(.question, ClientFieldSpec.id), .required(.from, .string(maxBytes: InputBounds.Bytes.text)),
        .required(.into, .string(maxBytes: InputBounds.Bytes.text)),
    ]

    package var question: Int
    package var from: String
    package var into: String

    package init(question: Int, from: String, into: String) {
        self.question = question
        self.from = from
        self.into = into
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(question: try fields.int(.question), from: try fields.string(.from), into: try fields.string(.into))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.question, .int(question)), (.from, .string(from)), (.into, .string(into))] }

    /// Both groups must hold answers now (after earlier merges), differ, and the question must be a
    /// survey not yet revealed (nor skipped): after the reveal the counts are on the screen.
    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.asked.indices.contains(question) else { throw .unknownQuestion(question) }
        let entry = room.asked[question]
        let asked = room.question(entry)
        guard asked.kind.module.answerGroups(asked.content, entry: entry, isRanked: { _ in true }) != nil else {
            throw .cannotMerge("only survey answers can be merged, this is a \(asked.kind.rawValue) question")
        }
        guard !entry.isRevealed else { throw .cannotMerge("the question has been revealed") }
        guard !entry.skipped else { throw .cannotMerge("the question was skipped") }
        let fromKey = entry.group(of: SurveyKind.groupKey(from)), intoKey = entry.group(of: SurveyKind.groupKey(into))
        var present: Set<String> = []
        for (_, recorded) in entry.answers {
            if let key = recorded.textKey ?? asked.kind.module.comparisonKey(recorded.value) { present.insert(entry.group(of: key)) }
        }
        guard present.contains(fromKey) else { throw .cannotMerge("no answer is in the group \"\(from)\"") }
        guard present.contains(intoKey) else { throw .cannotMerge("no answer is in the group \"\(into)\"") }
        guard fromKey != intoKey else { throw .cannotMerge("\"\(from)\" and \"\(into)\" are already one group") }
        return [AnswersMerged(at: now, sequence: question, from: fromKey, into: intoKey).event]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> MergeAnswersCommand {
        MergeAnswersCommand(question: fuzz.questionNumber(in: room), from: fuzz.groupName(in: room), into: fuzz.groupName(in: room))
    }

    /// Likely while a survey with two groups or more is open or closed, so merges land.
    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        let groups = room.currentQuestion.flatMap { room.liveGroups(sequence: $0.sequence) }?.count ?? 0
        return (room.phase == .open || room.phase == .closed) && groups >= 2 ? 40 : 1
    }
}

extension RoomCommand {
    package static func mergeAnswers(question: Int, from: String, into: String) -> RoomCommand {
        .host(MergeAnswersCommand(question: question, from: from, into: into))
    }
}
