import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Dispatch
import Logging

/// Takes a member's command to its room: a host command from the room's host, a player command
/// from a seated player. Checked here on the connection's loop, run on the room's loop; a refusal
/// goes back to the sender as an `error` naming the request.
struct CommandDispatcher: Sendable {
    let messages: ServerMessageEncoder
    /// The host's connection's allowance of commands (`rooms.hostCommandsPerMinute`).
    let hostRate: HostCommandRate
    /// How often a projector's sound reports reach its room (`rooms.lobbyUpdateMilliseconds`).
    let soundReportMilliseconds: Int

    /// A host command: only from the room's host (`ClientCommand.role`), within its allowance.
    func host(_ command: AnyClientCommand, from client: GameClient) {
        let name = command.type.wireName
        guard let (room, role) = member(client, request: name) else { return }
        guard role == .host else {
            client.send(messages.encode(.error(GameError.notHost, request: name)))
            return
        }
        // Over the allowance: refused here, on the connection's loop; the room never sees it and nothing is logged.
        if let wait = hostRate.take(for: &client.state) {
            client.send(messages.encode(.error(hostRate.refusal(retryAfterMilliseconds: wait), request: name)))
            return
        }
        let handle = client.handle, messages = self.messages
        room.run { live in
            do throws(GameError) {
                try Self.perform(command, handle: handle, in: live)
            } catch {
                handle.send(messages.encode(.error(error, request: name)))
            }
        }
    }

    func player(_ command: PlayerCommand, from client: GameClient) {
        guard let (room, role) = member(client, request: command.name) else { return }
        guard case .player(let id) = role else {
            client.send(messages.encode(.error(GameError.unknownPlayer, request: command.name)))
            return
        }
        let handle = client.handle, messages = self.messages
        let rtt = GameDuration((handle.roundTripNanos ?? 0) / 1_000_000)
        let written = client.state.questionWritten
        room.run { live in
            do throws(GameError) {
                try Self.perform(command, by: id, handle: handle, rttMs: rtt, written: written, in: live)
            } catch {
                handle.send(messages.encode(.error(error, request: command.name)))
            }
        }
    }

    /// A projector's report: only a connection that watches the room as its display may send one.
    func display(_ report: DisplayReport, from client: GameClient) {
        guard let (room, role) = member(client, request: report.type.rawValue) else { return }
        guard role == .display else {
            client.send(messages.encode(.error(AppError.displayOnly(type: report.type.rawValue), request: report.type.rawValue)))
            return
        }
        switch report {
        case .sound(let on):
            // Gated here, on the connection's loop: a flood of toggles costs its room nothing more.
            if case .forward(let on) = client.state.sound.report(on) { forwardSound(on, to: room, from: client.handle) }
        }
    }

    /// Tells the room a projector's sound, then, when the gate's interval ends, the newest report
    /// held back meanwhile (`SoundReportGate`).
    private func forwardSound(_ on: Bool, to room: RoomRef, from handle: ClientHandle) {
        room.run { $0.displaySound(on, from: handle) }
        let dispatcher = self
        handle.loop.queue.asyncAfter(deadline: .now() + .milliseconds(soundReportMilliseconds)) {
            handle.withHandler { client in
                guard let next = client.state.sound.intervalEnded(), let room = client.state.room else { return }
                dispatcher.forwardSound(next, to: room, from: handle)
            }
        }
    }

    /// The room and role of a connection that has entered one; otherwise it is told to join first.
    private func member(_ client: GameClient, request: String) -> (RoomRef, ClientState.Role)? {
        guard let room = client.state.room else {
            client.send(messages.encode(.error(AppError.notInRoom, request: request)))
            return nil
        }
        return (room, client.state.role)
    }

    /// A host command, on the room's loop. Its values are within `InputBounds` (checked at decoding).
    /// An app command (the join address, the clip) is carried out by the app; every other goes to the room.
    private static func perform(_ command: AnyClientCommand, handle: ClientHandle, in live: LiveRoom) throws(GameError) {
        if let app = command.base as? any AppClientCommand { return try app.perform(handle: handle, in: live) }
        try live.perform(.hostCommand(command))
        if command.type.repliesOK { handle.send(live.context.messages.encode(.ok(OKPayload(request: command.type.wireName)))) }
    }

    /// A player's command, on the room's loop.
    private static func perform(
        _ command: PlayerCommand, by id: PlayerID, handle: ClientHandle, rttMs: GameDuration,
        written: (sequence: Int, at: GameInstant)?, in live: LiveRoom
    ) throws(GameError) {
        switch command {
        case let .answer(question, value):
            try live.answer(id, question: question, value: value, rttMs: rttMs, connectionWritten: written, from: handle)
        case let .wager(question, amount):
            try live.perform(.wager(id, question: question, amount: amount))
        case .tiebreakAnswer(let value):
            try live.perform(.tiebreakAnswer(id, value: value, writtenAt: 0, rttMs: rttMs), answerFrom: handle)
        case .command(let command):
            try live.perform(.playerCommand(id, command, rttMs: rttMs), answerFrom: handle)
        case .leave:
            try live.leave(id, handle: handle)
        }
        if command.repliesOK { handle.send(live.context.messages.encode(.ok(OKPayload(request: command.name)))) }
        if case .leave = command { handle.close(code: 1000, reason: "left the game") }
    }
}
