/// `lock`: no new player may join (a resume still may); `unlock` (UnlockCommand) opens the room again.
package struct LockCommand: FieldlessCommand {
    package static let wireName = "lock"
    package static let title = "lock or unlock"
    package static let repliesOK = true

    package init() {}

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { room.decideLock(true, at: now) }

    /// Only by chaos, as before: a locked room would keep the fuzzer's players out.
    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { 0 }
}

extension Room {
    /// `lock` and `unlock`: an event only when it changes something.
    func decideLock(_ flag: Bool, at now: GameInstant) -> [RoomEvent] {
        flag == locked ? [] : [.roomLockChanged(RoomLockChanged(at: now, locked: flag))]
    }
}

extension RoomCommand {
    package static func setLocked(_ flag: Bool) -> RoomCommand { flag ? .host(LockCommand()) : .host(UnlockCommand()) }
}
