/// `unlock`: players may join again (see LockCommand).
package struct UnlockCommand: FieldlessCommand {
    package static let wireName = "unlock"
    package static let title = "lock or unlock"
    package static let repliesOK = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { room.decideLock(false, at: now) }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { 0 }
}
