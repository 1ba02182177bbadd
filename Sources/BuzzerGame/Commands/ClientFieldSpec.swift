/// Who may send a client message: a connection with no role yet, the room's host, a seated player,
/// or a projector that watches the room.
package enum ClientRole: String, Sendable {
    case entry, host, player, display
}

/// The keys of client messages' fields (each name is its own raw value).
package enum ClientField: String, CaseIterable, Sendable {
    case code, token, nickname, team, device, pack, questions, settings, league
    case player, ban, reason, name, from, into, delta, question, text, url, seconds, answer, players, teams, value, amount, right
    case action, volume, on
}

/// One field of a client message: its key, whether it must be there, and what it may hold. Plain
/// data: the app's decoder checks a message against it, the fuzzer writes from it and
/// `ProtocolDocTests` holds docs/protocol.md to it.
package struct ClientFieldSpec: Sendable, Equatable {
    /// What a field may hold; outside it the message is `bad_message` naming the field and range.
    package enum Shape: Sendable, Equatable {
        /// At most this many bytes of UTF-8.
        case string(maxBytes: Int)
        /// A whole number in the range.
        case int(ClosedRange<Int>)
        /// One of these words, exactly.
        case word([String])
        /// A finite number within `InputBounds.numberMagnitude`.
        case number
        case bool
        /// Ids in `InputBounds.id`, at most `InputBounds.maxListedIDs` of them.
        case ids
        /// An answer object (`AnswerValue`'s JSON).
        case answer
        /// A whole question pack (docs/question-format.md).
        case pack
        /// An object with rules of its own: `create`'s `settings` and `league`.
        case object
    }

    package var field: ClientField
    package var isRequired: Bool
    package var shape: Shape

    package static func required(_ field: ClientField, _ shape: Shape) -> ClientFieldSpec { ClientFieldSpec(field: field, isRequired: true, shape: shape) }
    package static func optional(_ field: ClientField, _ shape: Shape) -> ClientFieldSpec { ClientFieldSpec(field: field, isRequired: false, shape: shape) }
    /// An id of a player, team or question (`InputBounds.id`).
    package static let id = Shape.int(InputBounds.id)
}

/// A field's value as a command writes it back (`ClientCommand.fieldValues`); the app turns it into JSON.
package enum ClientFieldValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case ids([Int])
}

/// Why a field could not be read: the reason a person can act on (it becomes `bad_message`).
package struct ClientFieldError: Error, Equatable {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }
}

/// A message's fields as a command reads them (the app's checked reader): each value is already
/// within the range its `ClientFieldSpec` documents, or the read throws naming field and range.
package protocol ClientFieldSource {
    func string(_ field: ClientField) throws(ClientFieldError) -> String
    func optionalString(_ field: ClientField) throws(ClientFieldError) -> String?
    /// One of the field's words (`Shape.word`).
    func word(_ field: ClientField) throws(ClientFieldError) -> String
    func int(_ field: ClientField) throws(ClientFieldError) -> Int
    func optionalInt(_ field: ClientField) throws(ClientFieldError) -> Int?
    func number(_ field: ClientField) throws(ClientFieldError) -> Double
    func optionalBool(_ field: ClientField) throws(ClientFieldError) -> Bool?
    /// Ids; missing means none.
    func ids(_ field: ClientField) throws(ClientFieldError) -> [Int]
}
