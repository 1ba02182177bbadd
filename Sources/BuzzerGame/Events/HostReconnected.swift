/// The host is back (`host` with the host key).
package struct HostReconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}

extension HostReconnected: RoomEventPayload {
    package static let wireName = "host_reconnected"
    package var event: RoomEvent { .hostReconnected(self) }

    package func apply(to room: inout Room) {
        room.hostConnected = true
        room.hostAwaySince = nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .hostStatus) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at)] }
}
