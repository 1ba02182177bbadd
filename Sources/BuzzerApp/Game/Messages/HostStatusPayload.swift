import BuzzerGame

/// `host_status`, to the players and the displays: whether the host is connected.
package struct HostStatusPayload: Encodable, Sendable, Equatable { var connected: Bool }

extension HostStatusPayload: ServerMessageBody {
    package static let wireName = "host_status"
}

extension ServerMessage {
    package static func hostStatus(_ body: HostStatusPayload) -> ServerMessage { ServerMessage(body) }
}
