import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Logging

/// Takes a member's command to its room: a host command from the room's host, a player command
/// from a seated player. Checked here on the connection's loop, run on the room's loop; a refusal
/// goes back to the sender as an `error` naming the request.
struct CommandDispatcher: Sendable {
    let messages: ServerMessageEncoder

    func host(_ command: HostCommand, from client: GameClient) {
        guard let (room, role) = member(client, request: command.type) else { return }
        guard role == .host else {
            client.send(messages.encode(.error(GameError.notHost, request: command.type)))
            return
        }
        let handle = client.handle, messages = self.messages
        room.run { live in
            do throws(GameError) {
                try Self.perform(command, handle: handle, in: live)
            } catch {
                handle.send(messages.encode(.error(error, request: command.type)))
            }
        }
    }

    func player(_ command: PlayerCommand, from client: GameClient) {
        guard let (room, role) = member(client, request: command.type) else { return }
        guard case .player(let id) = role else {
            client.send(messages.encode(.error(GameError.unknownPlayer, request: command.type)))
            return
        }
        let handle = client.handle, messages = self.messages
        let rtt = GameDuration((handle.roundTripNanos ?? 0) / 1_000_000)
        let written = client.state.questionWritten
        room.run { live in
            do throws(GameError) {
                try Self.perform(command, by: id, handle: handle, rttMs: rtt, written: written, in: live)
            } catch {
                handle.send(messages.encode(.error(error, request: command.type)))
            }
        }
    }

    /// The room and role of a connection that has entered one; otherwise it is told to join first.
    private func member(_ client: GameClient, request: String) -> (RoomRef, ClientState.Role)? {
        guard let room = client.state.room else {
            client.send(messages.encode(.error("not_in_room", "Join or create a room first.", request: request)))
            return nil
        }
        return (room, client.state.role)
    }

    /// A host command, on the room's loop. Its values are within `InputBounds` (checked at decoding).
    private static func perform(_ command: HostCommand, handle: ClientHandle, in live: LiveRoom) throws(GameError) {
        let ok = { live.context.messages.encode(.ok(OKPayload(request: command.type))) }
        switch command {
        case .start: try live.perform(.start)
        case .next: try live.perform(.next)
        case .close: try live.perform(.close)
        case .reveal: try live.perform(.reveal)
        case .leaderboard: try live.perform(.showLeaderboard)
        case .end: try live.perform(.end)
        case .lock:
            try live.perform(.setLocked(true))
            handle.send(ok())
        case .unlock:
            try live.perform(.setLocked(false))
            handle.send(ok())
        case let .kick(player, ban, reason):
            try live.perform(.kick(PlayerID(player), ban: ban, reason: reason))
            handle.send(ok())
        case let .rename(player, nickname):
            try live.perform(.rename(PlayerID(player), nickname: nickname))
            handle.send(ok())
        case let .renameTeam(team, name):
            try live.perform(.renameTeam(TeamID(team), name: name))
            handle.send(ok())
        case let .mergeTeams(from, into):
            try live.perform(.mergeTeams(from: TeamID(from), into: TeamID(into)))
            handle.send(ok())
        case let .movePlayer(player, team):
            try live.perform(.movePlayer(PlayerID(player), team: team.map(TeamID.init)))
            handle.send(ok())
        case let .adjust(player, team, delta, reason):
            let target: ScoreTarget = player.map { .player(PlayerID($0)) } ?? .team(TeamID(team ?? 0))
            try live.perform(.adjustScore(target, delta: delta, reason: reason))
            handle.send(ok())
        case let .accept(question, text):
            try live.perform(.accept(question: question, text: text))
            handle.send(ok())
        case .pause: try live.perform(.pauseClock)
        case .unpause: try live.perform(.resumeClock)
        case .addTime(let seconds): try live.perform(.addTime(ms: GameDuration(seconds) * 1000))
        case .skip: try live.perform(.skip)
        case .reopen(let seconds): try live.perform(.reopen(ms: GameDuration(seconds) * 1000))
        case .undoReveal: try live.perform(.undoReveal)
        case let .tiebreak(text, answer, seconds, players, teams):
            try live.perform(.startTiebreak(TiebreakRequest(
                text: text, answer: answer, seconds: seconds, players: players.map(PlayerID.init), teams: teams.map(TeamID.init))))
        case .joinAddress(let url):
            let base = url.hasSuffix("/") ? String(url.dropLast()) : url
            guard live.context.registry.chooseJoinURL(base, for: live.code) else {
                let offered = live.context.registry.joinAddresses(live.code)?.offered.candidates ?? []
                handle.send(live.context.messages.encode(.error(
                    "unknown_address", "\(url) is not one of this server's join addresses: \(offered.joined(separator: ", ")).", request: command.type)))
                return
            }
            handle.send(ok())
            live.announceJoinAddress("\(base)/join/\(live.code)")
        }
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
            handle.send(live.context.messages.encode(.ok(OKPayload(request: command.type))))
        case .tiebreakAnswer(let value):
            try live.perform(.tiebreakAnswer(id, value: value, writtenAt: 0, rttMs: rttMs), answerFrom: handle)
        case .leave:
            try live.leave(id, handle: handle)
            handle.send(live.context.messages.encode(.ok(OKPayload(request: command.type))))
            handle.close(code: 1000, reason: "left the game")
        }
    }
}

