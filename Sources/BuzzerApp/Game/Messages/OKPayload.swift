import BuzzerGame

/// For requests whose effect everyone sees anyway (lock, kick, adjust...): the sender learns it worked.
package struct OKPayload: Encodable, Sendable, Equatable { var request: String }

extension OKPayload: ServerMessageBody {
    package static let wireName = "ok"
}

extension ServerMessage {
    package static func ok(_ body: OKPayload) -> ServerMessage { ServerMessage(body) }
}
