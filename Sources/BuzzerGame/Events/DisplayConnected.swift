/// A projector joined the room.
package struct DisplayConnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}

extension DisplayConnected: RoomEventPayload {
    package static let wireName = "display_connected"
    package var event: RoomEvent { .displayConnected(self) }
    package func apply(to room: inout Room) { room.displayCount += 1 }
    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.lobby) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at)] }
}
