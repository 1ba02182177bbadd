/// `reveal`: show the right answer and score the question (closing it first if still open).
package struct RevealCommand: FieldlessCommand {
    package static let wireName = "reveal"
    package static let title = "reveal"
    package static let waitsForTheRound = true
    package static let fuzzedWhenGreedy = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.isAcceptingAnswers || room.phase == .closed else {
            throw .badPhase(command: Self.title, phase: room.phase)
        }
        var events: [RoomEvent] = []
        if room.isAcceptingAnswers { events.append(.answersClosed(AnswersClosed(at: now, sequence: current.sequence, reason: .host))) }
        events.append(.questionRevealed(QuestionRevealed(at: now, sequence: current.sequence)))
        return events
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        switch room.phase {
        case .open: 3
        case .closed: 12
        default: 0
        }
    }
}

extension RoomCommand {
    package static var reveal: RoomCommand { .host(RevealCommand()) }
}
