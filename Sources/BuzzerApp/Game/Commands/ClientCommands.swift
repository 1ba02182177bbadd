import BuzzerGame

/// The registry of client commands: every `ClientCommand` type, once, the way swift-argument-parser
/// lists `subcommands`. Decoding (`ClientMessage.decode`), role routing (`CommandDispatcher`), the
/// protocol fuzzer, `ProtocolDocTests` and docs/protocol.md's tables iterate it, so a new host
/// command is its own file plus its line here (docs/architecture.md, "Where to add").
package enum ClientCommands {
    package static let all: [any ClientCommand.Type] = core + QuestionKind.allCases.flatMap { kind in kind.module.commands }

    /// The room's and the app's own commands; each kind's follow (`QuestionKindModule.commands`).
    private static let core: [any ClientCommand.Type] = [
        StartCommand.self, NextCommand.self, CloseCommand.self, RevealCommand.self, LeaderboardCommand.self, EndCommand.self,
        LockCommand.self, UnlockCommand.self, KickCommand.self, RenameCommand.self, RenameTeamCommand.self, MergeTeamsCommand.self,
        MovePlayerCommand.self, AdjustCommand.self, AcceptCommand.self, RejectCommand.self, PauseCommand.self, UnpauseCommand.self,
        SkipCommand.self, ReopenCommand.self, AddTimeCommand.self, UndoRevealCommand.self,
        BreakAddTimeCommand.self, BreakEndCountdownCommand.self, TiebreakCommand.self, JoinAddressCommand.self,
        ClipCommand.self,
    ] + RoomMechanics.commands

    /// Each command type by its wire name, for decoding.
    package static let byName: [String: any ClientCommand.Type] = Dictionary(all.map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })
}

#if !BUZZER_CLIENT_FUZZ
/// A command the app carries out itself instead of handing it to the room as it is: it checks
/// something only the app knows (the server's join addresses) or reaches only the projectors.
protocol AppClientCommand: ClientCommand {
    /// On the room's loop, in place of `LiveRoom.perform(.host(self))`; it sends its own `ok`.
    func perform(handle: ClientHandle, in live: LiveRoom) throws(GameError)
}
#endif

/// What the protocol fuzzer runs for an app command (it has no `LiveRoom`): the room command the
/// app would run, or nil when the room never sees it.
package protocol FuzzedAppCommand: ClientCommand {
    func fuzzRoomCommand(in room: Room) -> RoomCommand?
}
