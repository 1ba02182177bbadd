import BuzzerGame

/// One message on its way out of a room: who gets it, what it is, and when it may leave.
/// `RoomPublisher` computes them; `LiveRoom.deliver` sends them, in order.
struct Delivery: Sendable, Equatable {
    /// Who receives the message, among the members attached when it is sent.
    enum Audience: Sendable, Hashable {
        case host
        /// One player's attached connection.
        case player(PlayerID)
        /// The connection whose command caused the event (the player whose answer is acknowledged).
        case sender
        /// Every attached player.
        case players
        case displays
        /// Who sees the room from the front: the host console and the projectors.
        case screens
        /// Players and displays.
        case everyoneButHost
        case everyone
    }

    enum Timing: Sendable, Equatable {
        /// As soon as the command has run.
        case now
        /// Once `events[event]` of the same batch is durable in the archive. If the archive fails,
        /// it goes anyway, settled as not durable (`settled(durable:)`).
        case whenDurable(event: Int)
    }

    /// A close that follows the message on the same connection (a kicked player).
    struct Close: Sendable, Equatable {
        var code: UInt16
        var reason: String
    }

    var audience: Audience
    var message: ServerMessage
    var timing: Timing = .now
    /// The question whose response time starts when this message reaches each player's socket
    /// (`LiveRoom.deliver` notes it in the player's `ClientState`).
    var startsResponseTime: Int?
    /// For a one-recipient audience: close that connection right after the message.
    var thenClose: Close?

    /// The delivery once the archive answered: an acknowledgement says whether its line is durable.
    func settled(durable: Bool) -> Delivery {
        var settled = self
        settled.timing = .now
        if case .answerAck(var ack) = message {
            ack.durable = durable
            settled.message = .answerAck(ack)
        }
        return settled
    }
}

extension Delivery.Audience {
    /// The member groups a shared audience spans; nil for a one-recipient audience.
    var groups: (host: Bool, players: Bool, displays: Bool)? {
        switch self {
        case .host, .player, .sender: nil
        case .players: (false, true, false)
        case .displays: (false, false, true)
        case .screens: (true, false, true)
        case .everyoneButHost: (false, true, true)
        case .everyone: (true, true, true)
        }
    }
}

/// Who is attached to a room when its events are published: per-player messages go to these
/// players only, and a message for an empty audience is not built.
struct Attendance<Players: Collection> where Players.Element == PlayerID {
    var players: Players
    var host: Bool
    var displays: Int

    /// Whether anyone could receive a message for `audience` (a single player is looked up when sent).
    func reaches(_ audience: Delivery.Audience) -> Bool {
        switch audience {
        case .host: host
        case .player, .sender: true
        case .players: !players.isEmpty
        case .displays: displays > 0
        case .screens: host || displays > 0
        case .everyoneButHost: !players.isEmpty || displays > 0
        case .everyone: host || !players.isEmpty || displays > 0
        }
    }
}
