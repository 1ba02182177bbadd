/// What a kind with a mechanic of its own declares besides judging answers (issue 40, item 4): its
/// commands and events, its per-question state, its timer and the answers it takes itself. The
/// room, the registries and the publisher ask the module; none of them names a kind.
extension QuestionKindModule {
    package static var commands: [any ClientCommand.Type] { [] }
    package static var events: [any ExtensionEvent.Type] { [] }
    package static func questionState(_ content: QuestionContent) -> (any KindQuestionState)? { nil }
    package static func timerDue(in room: Room, _ current: AskedQuestion) -> GameInstant? { nil }
    package static func timerEvent(in room: Room, at now: GameInstant) -> RoomEvent? { nil }
    package static func decideAnswer(by player: PlayerID, _ submission: AnswerSubmission, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]? { nil }
    package static func closesWhenAllAnswered(_ entry: AskedQuestion) -> Bool { true }
    package static func holdsClock(_ entry: AskedQuestion) -> Bool { false }
    package static func liveView(in room: Room) -> (any ServerMessageBody)? { nil }
}

extension Room {
    /// The current question's kind's live view (`QuestionKindModule.liveView`); nil when it has none or no question is on.
    package var kindLiveView: (any ServerMessageBody)? {
        asked.isEmpty ? nil : kind(ofAskedAt: asked.count - 1).module.liveView(in: self)
    }
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

extension RoomEvent {
    /// The extension event (a kind's or a room mechanic's, `RoomEvent.extended`) of `type` this is; nil for any other event.
    package func extensionEvent<Event: ExtensionEvent>(as type: Event.Type) -> Event? {
        guard case .extended(let event) = self else { return nil }
        return event.base as? Event
    }
}
