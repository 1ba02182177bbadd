import BuzzerGame

/// `result`, to each player after each reveal: how they did (hand-written by `PersonalMessageJSON`).
package struct ResultPayload: Encodable, Sendable, Equatable {
    package var result: PlayerResult
    /// Ranked players, for "3rd of 42".
    package var players: Int
}

extension ResultPayload: ServerMessageBody {
    package static let wireName = "result"
}

extension ServerMessage {
    package static func result(_ body: ResultPayload) -> ServerMessage { ServerMessage(body) }
}
