/// An event defined outside the core list, by a room mechanic (`RoomMechanic.events`): it holds its
/// facts like any event and its own `Codable`, and the room stores it boxed in
/// `RoomEvent.extended`, since such events are rare (a hint, not an answer).
package protocol ExtensionEvent: RoomEventPayload, Codable {}

extension ExtensionEvent {
    package var event: RoomEvent { .extended(AnyExtensionEvent(self)) }
}

/// Any extension event as a value: what `RoomEvent.extended` carries.
package struct AnyExtensionEvent: Sendable, Equatable {
    package let base: any ExtensionEvent

    package init(_ base: any ExtensionEvent) { self.base = base }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isSame(as: rhs.base) }
}

extension ExtensionEvent {
    /// Whether `other` is this event with the same values.
    package func isSame(as other: any ExtensionEvent) -> Bool { (other as? Self) == self }
}
