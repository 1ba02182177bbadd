/// What every event answers, asked of its own type through `visit` (no switch of its own).
extension RoomEvent {
    /// When the event happened (server wall clock, ms).
    package var at: GameInstant {
        var none: Void = ()
        return visit(ReadingTime.self, &none)
    }

    /// The stable `type` string of the event's JSON line (its type's `wireName`).
    package var type: String {
        var none: Void = ()
        return visit(ReadingType.self, &none)
    }

    /// The capped host-driven kind the event counts toward (`HostLimits`).
    package var hostEventKind: HostEventKind? {
        var none: Void = ()
        return visit(ReadingHostKind.self, &none)
    }

    /// What the pages get when it is applied (`RoomPublisher`).
    package var publisherReaction: PublisherReaction {
        var none: Void = ()
        return visit(ReadingReaction.self, &none)
    }

    /// The `type` of a room's first and last events and of a correction, for readers that tell
    /// them apart without decoding the line (recovery).
    package static let roomCreatedType = RoomCreated.wireName
    package static let roomEndedType = RoomEnded.wireName
    package static let gameCorrectedType = GameCorrected.wireName
}

extension RoomEventPayload {
    /// The type's samples, as the room stores them.
    package static func sampleEvents(at instant: GameInstant) -> [RoomEvent] { samples(at: instant).map(\.event) }
}

private enum ReadingTime: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_ event: Event, _: inout Void) -> GameInstant { event.at }
}

private enum ReadingType: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_: Event, _: inout Void) -> String { Event.wireName }
}

private enum ReadingHostKind: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_ event: Event, _: inout Void) -> HostEventKind? { event.hostEventKind }
}

private enum ReadingReaction: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_ event: Event, _: inout Void) -> PublisherReaction { event.publisherReaction }
}

/// `Room.apply`: counts a capped kind, then folds the event.
enum Applying: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_ event: Event, _ room: inout Room) {
        if let kind = event.hostEventKind { room.hostEventCounts[kind, default: 0] += 1 }
        event.apply(to: &room)
    }
}

/// `Room.logProblem`: the event's own checks.
enum CheckingLogLine: RoomEventVisitor {
    static func visit<Event: RoomEventPayload>(_ event: Event, _ room: inout Room) -> String? { event.logProblem(in: room) }
}
