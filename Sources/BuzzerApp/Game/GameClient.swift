import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Logging
import Synchronization

/// The app's handle on one game connection.
package typealias ClientHandle = WebSocketHandle<GameClient>

/// One WebSocket connection in the game, made by `GameService` for each upgrade. It owns what the
/// connection is in the game and hands its messages to the service; loop-bound, like its connection.
package final class GameClient: WebSocketHandler {
    package let handle: ClientHandle
    /// The upgrade request: its Host is where the host's browser found the server.
    package let request: HTTPRequestHead
    package let remoteAddress: String
    package var state = ClientState()
    private let service: GameService

    package init(upgrade: WebSocketUpgrade<GameClient>, service: GameService) {
        handle = upgrade.handle
        request = upgrade.request
        remoteAddress = upgrade.remoteAddress
        self.service = service
    }

    package func send(_ message: OutboundMessage) {
        service.context.metrics.sent(message, to: 1)
        handle.send(message)
    }

    package func received(_ message: WebSocketMessage) {
        service.received(message, from: self)
    }

    /// Gives back the display slot this connection holds, if any: once, whichever comes first.
    package func releaseDisplaySlot() {
        guard let room = state.displaySlot else { return }
        state.displaySlot = nil
        let address = remoteAddress
        service.entrance.displays.withLock { $0.giveBack(room: room, address: address) }
    }

    package func closed(reason: ConnectionCloseReason, code: UInt16) {
        releaseDisplaySlot()
        service.closed(self, reason: reason, code: code)
    }
}

/// What one connection is in the game.
package struct ClientState {
    package enum Role: Equatable {
        case none
        case host
        case player(PlayerID)
        case display
    }

    package var role: Role = .none
    /// The room this connection belongs to, once its create/join/resume/watch/host succeeded.
    var room: RoomRef?
    /// A create/join/resume/watch/host is on its way to a room, or a wrong code's answer is being
    /// held back (`JoinRateLimiter`): a second one waits for its answer.
    package var entering = false
    /// Wrong codes this connection has sent; each makes the next answer wait longer.
    package var failedEntries = 0
    /// `create` requests this connection has sent, refused ones included (`CreateRateLimiter`).
    package var createRequests = 0
    /// The room whose display quota this connection holds a slot of (`DisplayQuota`), from its
    /// `watch` until it is refused or closes.
    package var displaySlot: String?
    /// The host commands this connection may still send now (`HostCommandRate`); made on the first one.
    package var hostCommands: AddressTokenBucket?
    /// A projector's `sound` reports on their way to its room: one per `rooms.lobbyUpdateMilliseconds`.
    var sound = SoundReportGate()
    /// When the current question reached this player's kernel socket buffer (where response time starts).
    package var questionWritten: (sequence: Int, at: GameInstant)?
}

extension ClientState.Role {
    package var name: String {
        switch self {
        case .none: "none"
        case .host: "host"
        case .player: "player"
        case .display: "display"
        }
    }
}
