/// The registry of room mechanics (`RoomMechanic`), one line each, the way `QuestionKind+Register`
/// lists kinds: a new mechanic is its own file plus its line here (docs/architecture.md, "Where to add").
package enum RoomMechanics {
    package static let all: [any RoomMechanic.Type] = [Hint.self]

    /// Every mechanic's commands, for `ClientCommands.all`.
    package static let commands: [any ClientCommand.Type] = all.flatMap { $0.commands }
    /// Every mechanic's events, for `RoomEvents.all`.
    package static let events: [any ExtensionEvent.Type] = all.flatMap { $0.events }
    /// Every mechanic's pack fields, in registry order: the pack reader, the CSV columns, the editor.
    package static let questionFields: [QuestionExtraField] = all.flatMap { $0.questionFields }

    /// The notes under a question's text, every mechanic's in registry order.
    package static func notes(_ entry: AskedQuestion, _ question: Question) -> [QuestionNote] {
        all.isEmpty || question.extras.isEmpty ? [] : all.flatMap { $0.notes(entry, question) }
    }

    /// The console's buttons for the current question.
    package static func actions(_ entry: AskedQuestion, _ question: Question, phase: RoomPhase) -> [MechanicAction] {
        all.isEmpty || question.extras.isEmpty ? [] : all.flatMap { $0.actions(entry, question, phase: phase) }
    }

    /// A player's points on a question after every mechanic that acted on it.
    package static func points(_ points: Int, _ entry: AskedQuestion, _ question: Question) -> Int {
        if entry.mechanicCounts.isEmpty { return points }
        return all.reduce(points) { $1.points($0, entry, question) }
    }
}

extension Array {
    /// nil for an empty list: a view's optional field is then absent from its JSON.
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
