import BuzzerGame

/// `reveal`, to everyone: the right answer and how the room answered.
package struct RevealPayload: Encodable, Sendable, Equatable {
    package var reveal: RevealView
    /// Host only, text questions: typed answers grouped, to pick extra ones to accept.
    package var typedAnswers: [TypedAnswer]?
}

/// `byHost`: accepted during the game (present only then), so `reject` can take it back.
package struct TypedAnswer: Encodable, Sendable, Equatable { var text: String; var count: Int; var accepted: Bool; var byHost: Bool? }

extension RevealPayload: ServerMessageBody {
    package static let wireName = "reveal"
}

extension ServerMessage {
    package static func reveal(_ body: RevealPayload) -> ServerMessage { ServerMessage(body) }
}
