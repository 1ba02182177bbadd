/// `undo_reveal`: take back the current question's reveal, before `next`.
package struct UndoRevealCommand: FieldlessCommand {
    package static let wireName = "undo_reveal"
    package static let title = "undo the reveal"
    package static let waitsForTheRound = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = room.currentQuestion, room.phase == .revealed, current.isRevealed else {
            throw .badPhase(command: Self.title, phase: room.phase)
        }
        return [.revealUndone(RevealUndone(at: now, sequence: current.sequence))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .revealed ? 2 : 0 }
}

extension RoomCommand {
    package static var undoReveal: RoomCommand { .host(UndoRevealCommand()) }
}
