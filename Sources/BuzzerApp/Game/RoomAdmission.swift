import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

/// What an entry by code (`host`, `join`, `resume`, `watch`) runs in its room, on the room's loop:
/// the command, and how the connection is seated once the command's events are durable.
enum RoomAdmission {
    /// What a successful entry sends back.
    struct Entered: Sendable {
        var role: ClientState.Role
        var reply: OutboundMessage
        var state: OutboundMessage
        /// The question a player may answer right now, if any (its response time starts when the state is written).
        var openQuestion: Int?
        /// Sent after the state (the host's player list).
        var extra: [OutboundMessage] = []
    }

    /// Runs `message` on the room's loop and calls `done` with what to send back, on the room's loop,
    /// once the entry's events are durable: a seat, a token or a role is handed out only when a
    /// restart would still know it. The member is attached then too, so nothing reaches its
    /// connection before its reply. If the archive fails, the room goes on in memory and so does the entry.
    static func admit(
        _ message: EntryRequest, handle: ClientHandle, into live: LiveRoom, ref: RoomRef,
        done: @escaping @Sendable (Result<Entered, GameError>) -> Void
    ) {
        let prepared: Admission
        do throws(GameError) {
            prepared = try admission(message, in: live)
        } catch {
            done(.failure(error))
            return
        }
        let finish: @Sendable (LiveRoom, Bool) -> Void = { live, returned in
            var prepared = prepared
            if returned { prepared.resumed = true }
            done(Result { () throws(GameError) -> Entered in try prepared.seat(handle, in: live) })
        }
        guard let command = prepared.command else {
            // A projector logs nothing: it changes no game (docs/archive-format.md), and logging each
            // watch let anyone with a code grow the log without bound.
            done(Result { () throws(GameError) -> Entered in try prepared.seat(handle, in: live) })
            return
        }
        do throws(GameError) {
            let returned = Returned()
            let events = try live.perform(command) { _ in ref.run { finish($0, returned.value.load(ordering: .relaxed)) } }
            if case .join = command, events.contains(where: { if case .playerReconnected = $0 { true } else { false } }) {
                returned.value.store(true, ordering: .relaxed)
            }
        } catch {
            done(.failure(error))
        }
    }

    /// Whether a join brought back a player who had left. Set on the room's loop right after the
    /// join ran, read there once its events are durable (`ref.run` always comes later).
    private final class Returned: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// What an entry runs in the room, and how it seats the connection once that is durable.
    private struct Admission: Sendable {
        /// nil for a projector's `watch`, which runs nothing in the room.
        var command: RoomCommand?
        var role: @Sendable (Room) throws(GameError) -> ClientState.Role
        /// The token the `joined` reply hands out (a join's new one, a resume's rotated one).
        var token: String?
        var resumed = false

        /// Attaches the connection and builds the replies, from the room as it is now.
        func seat(_ handle: ClientHandle, in live: LiveRoom) throws(GameError) -> Entered {
            let messages = live.context.messages
            let role = try role(live.room)
            let reply: OutboundMessage
            switch role {
            case .player(let id):
                guard let player = live.room.players[id], let token else { throw .unknownPlayer }
                live.attachPlayer(id, handle)
                reply = messages.encode(.joined(JoinedPayload(
                    code: live.code, player: id, nickname: player.nickname,
                    team: player.team.flatMap { live.room.teams[$0]?.name }, resumeToken: token, resumed: resumed, league: live.room.league,
                    kinds: live.room.packKinds)))
            case .host:
                live.attachHost(handle)
                let join = live.context.registry.joinAddresses(live.code)
                reply = messages.encode(.hosting(HostingPayload(
                    code: live.code, joinURL: "\(join?.chosen ?? "")/join/\(live.code)", joinAddresses: join?.offered.candidates ?? [], kinds: live.room.packKinds)))
            case .display:
                live.attachDisplay(handle)
                let base = live.context.registry.joinURL(live.code) ?? ""
                reply = messages.encode(.watching(WatchingPayload(code: live.code, joinURL: "\(base)/join/\(live.code)", kinds: live.room.packKinds)))
            case .none:
                throw .unknownPlayer
            }
            let open = live.room.phase == .reading || live.room.phase == .open
            if open, case .player(let id) = role, let sequence = live.room.currentQuestion?.sequence {
                live.questionShown(sequence, to: id, on: handle)
            }
            // The host's console and the projector need the player list at once, not at the next change.
            // The console also needs to know at once whether a projector can play a clip.
            var extra = role == .host || role == .display ? [messages.encode(.players(RoomPublisher.players(in: live.room)))] : []
            if role == .host { extra.append(messages.encode(.displaySound(live.displaySound))) }
            // A projector that comes late plays at the volume the host set.
            if role == .display, let volume = live.clipVolume { extra.append(messages.encode(.clip(ClipControl(action: .volume, volume: volume)))) }
            return Entered(role: role, reply: reply, state: messages.encode(live.state(for: role)),
                           openQuestion: open ? live.room.currentQuestion?.sequence : nil, extra: extra)
        }
    }

    /// The command an entry runs, with the token it will hand out.
    private static func admission(_ message: EntryRequest, in live: LiveRoom) throws(GameError) -> Admission {
        switch message {
        case let .join(_, nickname, team, device):
            // A player who left takes the seat back by joining under the same name from the same
            // device (docs/game-rules.md): the join logs `player_reconnected`, and `joined` says resumed.
            let token = Secrets.token(), tokenHash = Secrets.hash(token)
            return Admission(command: .join(JoinRequest(nickname: nickname, team: team, deviceID: device, resumeTokenHash: tokenHash)),
                             role: { room throws(GameError) in try player(holding: tokenHash, in: room) }, token: token)
        case let .resume(_, token):
            // A room that has ended keeps its tokens: nothing is logged after the end (see `Room.decide`).
            let ended = live.room.phase == .ended
            let fresh = ended ? token : Secrets.token(), tokenHash = Secrets.hash(fresh)
            return Admission(command: .resume(tokenHash: Secrets.hash(token), newTokenHash: ended ? nil : tokenHash),
                             role: { room throws(GameError) in try player(holding: tokenHash, in: room) }, token: fresh, resumed: true)
        case let .host(_, token):
            return Admission(command: .hostReconnect(tokenHash: Secrets.hash(token)), role: { _ in .host }, token: nil)
        case .watch:
            return Admission(command: nil, role: { _ in .display }, token: nil)
        case .create, .peek:
            throw .unknownPlayer
        }
    }

    /// The seated player whose resume token hashes to `tokenHash`.
    private static func player(holding tokenHash: String, in room: Room) throws(GameError) -> ClientState.Role {
        guard let player = room.player(byResumeTokenHash: tokenHash) else { throw .unknownPlayer }
        return .player(player.id)
    }
}
