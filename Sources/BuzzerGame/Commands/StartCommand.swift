/// `start`: the lobby's game begins with the first round (or its break).
package struct StartCommand: FieldlessCommand {
    package static let wireName = "start"
    package static let title = "start"
    package static let fuzzedWhenGreedy = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard room.phase == .lobby else { throw .badPhase(command: Self.title, phase: room.phase) }
        return [room.enterRound(0, at: now)]
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        guard room.phase == .lobby else { return 0 }
        return room.players.isEmpty ? (fuzz.isGreedy ? 0 : 1) : 8
    }
}

extension RoomCommand {
    package static var start: RoomCommand { .host(StartCommand()) }
}
