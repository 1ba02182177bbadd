/// What a kind with a mechanic of its own declares besides judging answers (issue 40, item 4): its
/// commands and events, its per-question state, its timer and the answers it takes itself. The
/// room, the registries and the publisher ask the module; none of them names a kind.
extension QuestionKindModule {
    package static var commands: [any ClientCommand.Type] { [] }
    package static var events: [any KindEventPayload.Type] { [] }
    package static func questionState(_ content: QuestionContent) -> (any KindQuestionState)? { nil }
    package static func timerDue(in room: Room, _ current: AskedQuestion) -> GameInstant? { nil }
    package static func timerEvent(in room: Room, at now: GameInstant) -> RoomEvent? { nil }
    package static func decideAnswer(by player: PlayerID, _ submission: AnswerSubmission, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]? { nil }
    package static func closesWhenAllAnswered(_ entry: AskedQuestion) -> Bool { true }
}

/// A kind's own state on one asked question (buzz's queue of presses), made by its module when the
/// question is asked and read back typed by the kind (`AskedQuestion.kindState(as:)`). Built once per
/// question, never per answer, so it may be an existential.
package protocol KindQuestionState: Sendable {
    func isEqual(to other: any KindQuestionState) -> Bool
}

extension KindQuestionState where Self: Equatable {
    package func isEqual(to other: any KindQuestionState) -> Bool { (other as? Self) == self }
}

/// The optional kind state an asked question carries, compared by the state's own equality.
package struct KindStateSlot: Sendable, Equatable {
    package var value: (any KindQuestionState)?

    package init(_ value: (any KindQuestionState)? = nil) { self.value = value }

    package static func == (lhs: KindStateSlot, rhs: KindStateSlot) -> Bool {
        switch (lhs.value, rhs.value) {
        case (nil, nil): true
        case let (l?, r?): l.isEqual(to: r)
        default: false
        }
    }
}

extension AskedQuestion {
    /// The kind's state as `type`; nil when the question has none of that type.
    package func kindState<State: KindQuestionState>(as type: State.Type) -> State? { kindSlot.value as? State }

    /// Changes the kind's state of `type` in place; nothing when the question has none of that type.
    package mutating func updateKindState<State: KindQuestionState>(_ type: State.Type, _ body: (inout State) -> Void) {
        guard var state = kindSlot.value as? State else { return }
        kindSlot.value = nil  // the box is not shared while `body` changes the copy
        body(&state)
        kindSlot.value = state
    }
}

/// A room event a kind declares (buzz's presses and marks): a `RoomEventPayload` whose codec is its
/// own `Codable`, stored in `RoomEvent.kind` boxed, since it is rare (never on the answer path).
package protocol KindEventPayload: RoomEventPayload, Codable {}

extension KindEventPayload {
    package var event: RoomEvent { .kind(KindEvent(self)) }
    /// Whether `other` is this event with the same values.
    package func isSame(as other: any KindEventPayload) -> Bool { (other as? Self) == self }
}

/// A kind's event as the room stores it (`RoomEvent.kind`).
package struct KindEvent: Sendable, Equatable, CustomStringConvertible {
    package let base: any KindEventPayload

    package init(_ base: any KindEventPayload) { self.base = base }

    package var description: String { "\(base)" }

    /// The event as `type`; nil when it is another.
    package func payload<Event: KindEventPayload>(as type: Event.Type) -> Event? { base as? Event }

    /// Runs `V` on the event's own type (`RoomEvent.visit`).
    package func visit<V: RoomEventVisitor>(_: V.Type, _ subject: inout V.Subject) -> V.Result { Self.open(base, V.self, &subject) }

    private static func open<Event: KindEventPayload, V: RoomEventVisitor>(_ event: Event, _: V.Type, _ subject: inout V.Subject) -> V.Result {
        V.visit(event, &subject)
    }

    package static func == (lhs: KindEvent, rhs: KindEvent) -> Bool { lhs.base.isSame(as: rhs.base) }
}

extension RoomEvent {
    /// The kind event of `type` this is; nil for any other event.
    package func kindEvent<Event: KindEventPayload>(as type: Event.Type) -> Event? {
        guard case .kind(let event) = self else { return nil }
        return event.payload(as: type)
    }
}
