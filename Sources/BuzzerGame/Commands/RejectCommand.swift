/// `reject`: take back an answer `accept` added; the question is rescored. The pack's own answers
/// stand: a correction after the game is where those change.
package struct RejectCommand: ClientCommand {
    package static let wireName = "reject"
    package static let title = "reject an answer"
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
        guard let accepted = room.question(entry).content.acceptedAnswers else { throw .cannotReject("only typed answers can be rejected") }
        let key = TextNormalizer.answerKey(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
        guard let taken = entry.acceptedExtra.first(where: { TextNormalizer.answerKey($0) == key }) else {
            if accepted.contains(where: { TextNormalizer.answerKey($0) == key }) {
                throw .cannotReject("it is one of the pack's own answers; correct the question after the game to change those")
            }
            throw .cannotReject("that answer was not accepted")
        }
        return [.answerRejected(AnswerRejected(at: now, sequence: question, text: taken))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> RejectCommand {
        let sequence = fuzz.questionNumber(in: room)
        let taken = hostAccepted(in: room)
        return RejectCommand(question: sequence, text: !taken.isEmpty && fuzz.chance(0.7) ? fuzz.pick(taken) : fuzz.answerText(in: room))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        room.phase == .revealed || room.phase == .leaderboard ? (hostAccepted(in: room).isEmpty ? 1 : 6) : 0
    }

    /// The answers the host accepted for the current question, which a `reject` can take back.
    private static func hostAccepted(in room: Room) -> [String] { room.currentQuestion?.acceptedExtra ?? [] }
}

extension RoomCommand {
    package static func reject(question: Int, text: String) -> RoomCommand { .host(RejectCommand(question: question, text: text)) }
}
