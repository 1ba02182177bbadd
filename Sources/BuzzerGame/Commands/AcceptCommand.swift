/// `accept`: an extra typed answer counts as right for a revealed question; it is rescored.
package struct AcceptCommand: ClientCommand {
    package static let wireName = "accept"
    package static let title = "accept an answer"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.question, ClientFieldSpec.id), .required(.text, .string(maxBytes: InputBounds.Bytes.text))]

    package var question: Int
    package var text: String

    package init(question: Int, text: String) {
        self.question = question
        self.text = text
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(question: try fields.int(.question), text: try fields.string(.text))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.question, .int(question)), (.text, .string(text))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.asked.indices.contains(question) else { throw .unknownQuestion(question) }
        let entry = room.asked[question]
        guard entry.isRevealed else { throw .cannotAccept("the question has not been revealed yet") }
        guard let accepted = room.question(entry).content.acceptedAnswers else { throw .cannotAccept("only typed answers can be accepted") }
        let trimmed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let key = TextNormalizer.answerKey(trimmed)
        guard !key.isEmpty else { throw .cannotAccept("the answer is empty") }
        if (accepted + entry.acceptedExtra).contains(where: { TextNormalizer.answerKey($0) == key }) {
            throw .cannotAccept("that answer is already accepted")
        }
        // What the host's page offers: an answer a player typed, no longer than a player may type.
        let longest = room.settings.maxTextAnswerLength
        guard trimmed.count <= longest else { throw .cannotAccept("it is longer than an answer may be (\(longest) characters)") }
        guard entry.answers.contains(where: { $0.value.textKey == key }) else {
            throw .cannotAccept("nobody gave that answer to this question")
        }
        return [.answerAccepted(AnswerAccepted(at: now, sequence: question, text: trimmed))]
    }

    /// Mostly an answer a player gave, the only kind the room takes (and what the console offers).
    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> AcceptCommand {
        let sequence = fuzz.questionNumber(in: room, 0.8)
        let typed = room.asked.indices.contains(sequence) ? room.typedAnswers(sequence: sequence).map(\.text) : []
        return AcceptCommand(question: sequence, text: !typed.isEmpty && fuzz.chance(0.7) ? fuzz.pick(typed) : fuzz.answerText(in: room))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .revealed ? 3 : 0 }
}

extension RoomCommand {
    package static func accept(question: Int, text: String) -> RoomCommand { .host(AcceptCommand(question: question, text: text)) }
}
