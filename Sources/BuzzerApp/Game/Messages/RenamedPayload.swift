import BuzzerGame

/// The host renamed this player.
package struct RenamedPayload: Encodable, Sendable, Equatable { var nickname: String }

extension RenamedPayload: ServerMessageBody {
    package static let wireName = "renamed"
}

extension ServerMessage {
    package static func renamed(_ body: RenamedPayload) -> ServerMessage { ServerMessage(body) }
}
