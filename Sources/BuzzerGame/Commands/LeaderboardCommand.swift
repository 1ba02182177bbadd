/// `leaderboard`: the standings after a revealed question (the final ones after the last).
package struct LeaderboardCommand: FieldlessCommand {
    package static let wireName = "leaderboard"
    package static let title = "show the leaderboard"
    package static let waitsForTheRound = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.phase == .revealed, let current = room.currentQuestion else { throw .badPhase(command: Self.title, phase: room.phase) }
        return [.leaderboardShown(LeaderboardShown(at: now, final: room.position(after: current.round, current.index) == nil))]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { room.phase == .revealed ? 3 : 0 }
}

extension RoomCommand {
    package static var showLeaderboard: RoomCommand { .host(LeaderboardCommand()) }
}
