import BuzzerGame

/// One message on its way out of a room: who gets it, what it is, and when it may leave.
/// `RoomPublisher` computes them; `LiveRoom.deliver` sends them, in order.
package struct Delivery: Sendable, Equatable {
    /// Who receives the message, among the members attached when it is sent.
    package enum Audience: Sendable, Hashable {
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

    package enum Timing: Sendable, Equatable {
        /// As soon as the command has run.
        case now
        /// Once `events[event]` of the same batch is durable in the archive. If the archive fails,
        /// it goes anyway, settled as not durable (`settled(durable:)`).
        case whenDurable(event: Int)
    }

    /// A close that follows the message on the same connection (a kicked player).
    package struct Close: Sendable, Equatable {
        package var code: UInt16
        package var reason: String
    }

    package var audience: Audience
    package var message: ServerMessage
    package var timing: Timing = .now
    /// The question whose response time starts when this message reaches each player's socket
    /// (`LiveRoom.deliver` notes it in the player's `ClientState`).
    package var startsResponseTime: Int?
    /// For a one-recipient audience: close that connection right after the message.
    package var thenClose: Close?

    package init(audience: Audience, message: ServerMessage, timing: Timing = .now, startsResponseTime: Int? = nil, thenClose: Close? = nil) {
        self.audience = audience
        self.message = message
        self.timing = timing
        self.startsResponseTime = startsResponseTime
        self.thenClose = thenClose
    }

    /// The delivery once the archive answered: an acknowledgement says whether its line is durable.
    package func settled(durable: Bool) -> Delivery {
        var settled = self
        settled.timing = .now
        if var ack = message.body(as: AnswerAckPayload.self) {
            ack.durable = durable
            settled.message = .answerAck(ack)
        }
        return settled
    }
}

extension Delivery.Audience {
    /// The member groups a shared audience spans; nil for a one-recipient audience.
    package var groups: (host: Bool, players: Bool, displays: Bool)? {
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
package struct Attendance<Players: Collection> where Players.Element == PlayerID {
    package var players: Players
    package var host: Bool
    package var displays: Int

    package init(players: Players, host: Bool, displays: Int) {
        self.players = players
        self.host = host
        self.displays = displays
    }

    /// Whether anyone could receive a message for `audience` (a single player is looked up when sent).
    package func reaches(_ audience: Delivery.Audience) -> Bool {
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
