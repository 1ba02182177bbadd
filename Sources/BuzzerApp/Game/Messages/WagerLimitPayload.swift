import BuzzerGame

/// A wager round's limit for one player (their team's standing, or one question's points if more).
package struct WagerLimitPayload: Encodable, Sendable, Equatable { var question: Int; var max: Int }

extension WagerLimitPayload: ServerMessageBody {
    package static let wireName = "wager_limit"
}

extension ServerMessage {
    package static func wagerLimit(_ body: WagerLimitPayload) -> ServerMessage { ServerMessage(body) }
}
