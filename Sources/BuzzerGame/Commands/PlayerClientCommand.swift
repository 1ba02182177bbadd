/// A command a seated player sends that is a type of its own (a kind's, like buzz's press) rather than
/// one of the answer path's cases (`answer`, `wager`, ...): its decision gets the player and the
/// connection's round trip when it arrived. Rare by nature, so it may be boxed (`RoomCommand.player`).
package protocol PlayerClientCommand: ClientCommand {
    /// The room's decision for `player`, pure: the events it makes, or why it is refused.
    func decide(by player: PlayerID, rttMs: GameDuration, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]
}

extension PlayerClientCommand {
    package static var role: ClientRole { .player }
    /// A player's command needs its player: `RoomCommand.player` gives it.
    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { throw .unknownPlayer }
    /// An ended room is no place to play (docs/protocol-client.md).
    package func refusalAfterEnd(in room: Room) -> GameError { .roomEnded }
}

extension RoomCommand {
    /// A player's own command as the room runs it, with the connection's round trip (0 when unknown).
    package static func player(_ id: PlayerID, _ command: some PlayerClientCommand, rttMs: GameDuration) -> RoomCommand {
        .playerCommand(id, AnyClientCommand(command), rttMs: rttMs)
    }
}
