/// The host's connection dropped: the screens say so, and the host's absence is timed.
package struct HostDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}

extension HostDisconnected: RoomEventPayload {
    package static let wireName = "host_disconnected"
    package var event: RoomEvent { .hostDisconnected(self) }

    package func apply(to room: inout Room) {
        room.hostConnected = false
        room.hostAwaySince = at
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .hostStatus) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at)] }
}
