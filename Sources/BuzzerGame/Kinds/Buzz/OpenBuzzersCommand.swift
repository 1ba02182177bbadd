/// `open_buzzers`: end a buzz question's reading time now; the buzzers open.
package struct OpenBuzzersCommand: FieldlessCommand {
    package static let wireName = "open_buzzers"
    package static let title = "open the buzzers"
    package static let waitsForTheRound = true
    /// A buzz question that waits for the host would otherwise keep a greedy game in its reading time.
    package static let fuzzedWhenGreedy = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { [try room.decideOpenBuzzers(at: now)] }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        room.phase == .reading ? (fuzz.isBuzz(room) ? 4 : 1) : 0
    }
}

extension RoomCommand {
    package static var openBuzzers: RoomCommand { .host(OpenBuzzersCommand()) }
}
