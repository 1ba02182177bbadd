/// A projector left the room.
package struct DisplayDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}

extension DisplayDisconnected: RoomEventPayload {
    package static let wireName = "display_disconnected"
    package var event: RoomEvent { .displayDisconnected(self) }
    package func apply(to room: inout Room) { room.displayCount = max(0, room.displayCount - 1) }
    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.lobby) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at)] }
}
