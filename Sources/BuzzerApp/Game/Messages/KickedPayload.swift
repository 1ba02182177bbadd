import BuzzerGame

/// `kicked`, to the player removed (then close code 4003).
package struct KickedPayload: Encodable, Sendable, Equatable {
    package var ban: Bool
    /// The host's words for the player, if any.
    package var reason: String? = nil
}

extension KickedPayload: ServerMessageBody {
    package static let wireName = "kicked"
}

extension ServerMessage {
    package static func kicked(_ body: KickedPayload) -> ServerMessage { ServerMessage(body) }
}
