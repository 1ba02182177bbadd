/// `next`: from a reveal, the next question, or the round leaderboard after a round's last question;
/// from a leaderboard, the next question, or the end of the game after the last one; from a break, the round.
package struct NextCommand: FieldlessCommand {
    package static let wireName = "next"
    package static let title = "go to the next step"
    package static let fuzzedWhenGreedy = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard [.revealed, .leaderboard, .onBreak].contains(room.phase) else { throw .badPhase(command: Self.title, phase: room.phase) }
        return [room.nextStep(at: now)]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        switch room.phase {
        case .revealed, .onBreak: 14
        case .leaderboard: room.isOnLastQuestion ? 2 : 14
        default: 0
        }
    }
}

extension RoomCommand {
    package static var next: RoomCommand { .host(NextCommand()) }
}
