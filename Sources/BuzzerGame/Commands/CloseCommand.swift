/// `close`: stop accepting answers now (or end the tiebreak).
package struct CloseCommand: FieldlessCommand {
    package static let wireName = "close"
    package static let title = "close the question"
    package static let waitsForTheRound = true
    package static let fuzzedWhenGreedy = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        if room.phase == .tiebreak {
            return [.tiebreakEnded(TiebreakEnded(at: now, number: room.tiebreaks.count - 1, reason: .host))]
        }
        guard room.isAcceptingAnswers, let current = room.currentQuestion else { throw .badPhase(command: Self.title, phase: room.phase) }
        return [.answersClosed(AnswersClosed(at: now, sequence: current.sequence, reason: .host))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        room.phase == .open || room.phase == .tiebreak ? 2 : 0
    }
}

extension RoomCommand {
    package static var close: RoomCommand { .host(CloseCommand()) }
}
