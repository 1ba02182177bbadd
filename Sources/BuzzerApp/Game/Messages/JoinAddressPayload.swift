import BuzzerGame

/// The host picked another join address: the host console and the projector follow.
package struct JoinAddressPayload: Encodable, Sendable, Equatable { var joinURL: String }

extension JoinAddressPayload: ServerMessageBody {
    package static let wireName = "join_address"
}

extension ServerMessage {
    package static func joinAddress(_ body: JoinAddressPayload) -> ServerMessage { ServerMessage(body) }
}
