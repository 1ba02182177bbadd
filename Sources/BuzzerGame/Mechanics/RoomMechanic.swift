/// Something the room runs beside the question kinds, defined in one file: its host commands and
/// their events, the pack fields it reads on each question, the notes it adds to a question on the
/// phones and the projector, the buttons it puts on the console and how it scales a question's
/// points. `RoomMechanics.all` lists each type once; the command and event registries, the pack
/// reader, the CSV importer, the editor, the views and scoring iterate it (docs/mechanics.md).
package protocol RoomMechanic: Sendable {
    /// Its name: the key of its count on an asked question and of its words (`note.NAME`, `act.NAME`).
    static var name: String { get }
    /// Its commands, added to `ClientCommands.all`.
    static var commands: [any ClientCommand.Type] { get }
    /// Its events, added to `RoomEvents.all`; each is an `ExtensionEvent` (stored boxed: they are rare).
    static var events: [any ExtensionEvent.Type] { get }
    /// The pack fields it reads on each question.
    static var questionFields: [QuestionExtraField] { get }
    /// What the pages show under the question's text, given what has happened on it so far.
    static func notes(_ entry: AskedQuestion, _ question: Question) -> [QuestionNote]
    /// The console's buttons for the current question (none when the mechanic has nothing to do).
    static func actions(_ entry: AskedQuestion, _ question: Question, phase: RoomPhase) -> [MechanicAction]
    /// A player's points on the question after everything the mechanic did on it (never more than `points`).
    static func points(_ points: Int, _ entry: AskedQuestion, _ question: Question) -> Int
}

extension RoomMechanic {
    package static var commands: [any ClientCommand.Type] { [] }
    package static var events: [any ExtensionEvent.Type] { [] }
    package static var questionFields: [QuestionExtraField] { [] }
    package static func notes(_ entry: AskedQuestion, _ question: Question) -> [QuestionNote] { [] }
    package static func actions(_ entry: AskedQuestion, _ question: Question, phase: RoomPhase) -> [MechanicAction] { [] }
    package static func points(_ points: Int, _ entry: AskedQuestion, _ question: Question) -> Int { points }

    /// How many times it acted on this question (`AskedQuestion.mechanicCounts`).
    package static func count(on entry: AskedQuestion) -> Int { entry.mechanicCounts[name] ?? 0 }
}

/// A line the pages show under a question's text: `by` names the mechanic (its words are `note.BY`
/// in the catalogues, with `{n}`), `n` counts from 1.
package struct QuestionNote: Sendable, Equatable, Codable {
    package var by: String
    package var n: Int
    package var text: String

    package init(by: String, n: Int, text: String) {
        self.by = by
        self.n = n
        self.text = text
    }
}

/// A console button: the command it sends (`{"type": command}`), with what its label needs: how
/// many times it was used of `total`, and the share of points each use costs, in percent.
package struct MechanicAction: Sendable, Equatable, Codable {
    package var command: String
    package var used: Int
    package var total: Int
    package var costPercent: Int?

    package init(command: String, used: Int, total: Int, costPercent: Int? = nil) {
        self.command = command
        self.used = used
        self.total = total
        self.costPercent = costPercent
    }
}
