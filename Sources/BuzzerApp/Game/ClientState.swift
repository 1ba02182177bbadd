import BuzzerGame
import BuzzerTransport

/// What one WebSocket connection is in the game: kept in `session.userInfo`, touched only on
/// the session's loop.
final class ClientState {
    enum Role: Equatable {
        case none
        case host
        case player(PlayerID)
        case display
    }

    var role: Role = .none
    /// The room this connection belongs to, once its create/join/resume/watch/host succeeded.
    var room: RoomRef?
    /// A create/join/resume/watch/host is on its way to a room: a second one waits for its answer.
    var entering = false
    /// When the current question reached this player's kernel socket buffer (where response time starts).
    var questionWritten: (sequence: Int, at: GameInstant)?
}

extension ClientState.Role {
    var name: String {
        switch self {
        case .none: "none"
        case .host: "host"
        case .player: "player"
        case .display: "display"
        }
    }
}
