/// `end`: the game ends now, from any phase.
package struct EndCommand: FieldlessCommand {
    package static let wireName = "end"
    package static let title = "end the game"

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        [.roomEnded(RoomEnded(at: now, reason: .hostEnded))]
    }

    /// Only once the game has run its length: chaos never sends it either, or games would be short.
    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { fuzz.isLate ? 50 : 0 }
    package static let fuzzedByChaos = false
}

extension RoomCommand {
    package static var end: RoomCommand { .host(EndCommand()) }
}
