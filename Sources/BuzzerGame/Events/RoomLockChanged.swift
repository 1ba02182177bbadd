/// The host locked the room (no one new joins) or opened it again.
package struct RoomLockChanged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var locked: Bool

    package init(at: GameInstant, locked: Bool) {
        self.at = at
        self.locked = locked
    }
}

extension RoomLockChanged: RoomEventPayload {
    package static let wireName = "room_lock_changed"
    package var event: RoomEvent { .roomLockChanged(self) }
    package func apply(to room: inout Room) { room.locked = locked }
    /// Locking counts toward the run of show's cap; opening again does not.
    package var hostEventKind: HostEventKind? { locked ? .runOfShowChanges : nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.lobby) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, locked: true)] }
}
