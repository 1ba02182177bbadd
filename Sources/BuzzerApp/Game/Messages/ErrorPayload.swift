import BuzzerGame

/// A refusal: `code` is stable, `message` a sentence for people.
package struct ErrorPayload: Codable, Sendable, Equatable {
    package var code: String
    package var message: String
    /// The `type` of the message that was refused, when known.
    package var request: String?
}

extension ErrorPayload: ServerMessageBody {
    package static let wireName = "error"
}

extension ServerMessage {
    package static func error(_ body: ErrorPayload) -> ServerMessage { ServerMessage(body) }

    /// A refusal, as its one definition says (`GameError`, `AppError`): `code` is stable, `message` a
    /// sentence for people, `request` the refused message's `type`.
    package static func error(_ error: some DefinedError, request: String? = nil) -> ServerMessage {
        let definition = error.definition
        return .error(ErrorPayload(code: definition.code.rawValue, message: definition.message, request: request))
    }
}
