/// `buzz`: a seated player presses the buzzer on question `question` (docs/kinds-buzz.md). A player's
/// command of buzz's own: the room gets it with the connection's round trip when it arrived
/// (`RoomCommand.player`), which corrects the press time (`Room.decideBuzz`).
package struct BuzzCommand: PlayerClientCommand {
    package static let wireName = "buzz"
    package static let title = "buzz"
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [.required(.question, ClientFieldSpec.id)]
    /// A greedy fuzzer game plays buzz questions too.
    package static let fuzzedWhenGreedy = true

    package var question: Int

    package init(question: Int) { self.question = question }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(question: try fields.int(.question))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.question, .int(question))] }

    package func decide(by player: PlayerID, rttMs: GameDuration, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        [try room.decideBuzz(player, question: question, rttMs: rttMs, at: now)]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> BuzzCommand {
        BuzzCommand(question: fuzz.questionNumber(in: room))
    }

    /// False starts, and presses again after one (`locked_out`), while a buzz question is read out; presses once open.
    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        switch room.phase {
        case .reading: fuzz.isBuzz(room) ? 16 : 1
        case .open: fuzz.isBuzz(room) ? 30 : 1
        default: 0
        }
    }
}

extension RoomCommand {
    /// A press by `id` on question `question`, with the connection's RTT when it arrived.
    package static func buzz(_ id: PlayerID, question: Int, rttMs: GameDuration) -> RoomCommand {
        .player(id, BuzzCommand(question: question), rttMs: rttMs)
    }
}

extension CommandFuzzer {
    /// Whether the current question is a buzz question (the buzzer's commands are likely then).
    package func isBuzz(_ room: Room) -> Bool {
        room.currentQuestion.map { room.question($0).kind == .buzz } ?? false
    }
}

extension GameError {
    /// This player or team false-started or answered wrong, and may not press again on this question.
    package static let lockedOut = GameError.kind(ErrorDefinition(.lockedOut, "You are locked out of this question (a false start or a wrong answer)."))
    /// `mark_buzz` with nobody on the floor (no press yet, the floor not given yet, or not a buzz question).
    package static let noFloor = GameError.kind(ErrorDefinition(.noFloor, "Nobody has the floor to mark: wait for a buzz, or for the floor to be given."))
}
