/// One kind of room event, as one type that holds all its facts: its wire name, its fields (the
/// conforming struct, `Codable` beside it), how it folds into the room (`apply`), what a logged
/// line of it may not carry (`logProblem`), which host limit it counts toward and what the pages
/// get (`publisherReaction`), with generated instances for the tests. `RoomEvent` wraps each type
/// in a case so that the room stores and folds events with no existential box; `RoomEvent.visit`
/// is the one switch from a case to its type, and `RoomEvents.all` lists every type (docs/architecture.md,
/// "Adding a room event").
package protocol RoomEventPayload: Sendable, Equatable {
    /// The line's `type`: written here and in no other Swift file (`EventNameTests`).
    static var wireName: String { get }
    /// When the event happened (server wall clock, ms).
    var at: GameInstant { get }
    /// This event as the room stores it: its case of `RoomEvent`.
    var event: RoomEvent { get }
    /// Folds the event into `room`. Never fails: a live event was validated by the command that
    /// made it, and a logged one by `logProblem` first; one naming what the room lacks is ignored.
    func apply(to room: inout Room)
    /// Why a logged event of this type cannot apply to `room` (a value out of its documented range,
    /// a reference the room lacks); nil when it can. Recovery quarantines the room instead of
    /// trapping on it. The line's time is checked for every event before this is asked.
    func logProblem(in room: Room) -> String?
    /// The capped host-driven kind it counts toward (`HostLimits`); nil for what the game bounds
    /// itself (a clock resume ends a counted pause). No default: each event says which it is.
    var hostEventKind: HostEventKind? { get }
    /// What the pages get when it is applied: `RoomPublisher` asks each event, it never switches over them.
    var publisherReaction: PublisherReaction { get }
    /// One instance per form the event's line can take, every optional field set: what
    /// `EventRegistryTests` and `ArchiveFormatDocTests` put through the archive's JSON.
    static func samples(at: GameInstant) -> [Self]
}

extension RoomEventPayload {
    package func logProblem(in room: Room) -> String? { nil }
    /// The wire name, read from an instance.
    package var type: String { Self.wireName }
}

/// An operation over any event, called with the event's own type: `RoomEvent.visit` is the only
/// switch over the cases, and each operation is one generic function, specialised per type, so
/// that no event is boxed on the answer path.
package protocol RoomEventVisitor {
    associatedtype Subject
    associatedtype Result
    static func visit<Event: RoomEventPayload>(_ event: Event, _ subject: inout Subject) -> Result
}
