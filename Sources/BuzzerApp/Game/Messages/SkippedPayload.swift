import BuzzerGame

/// The host skipped the current question; the next step follows.
package struct SkippedPayload: Encodable, Sendable, Equatable { var question: Int }

extension SkippedPayload: ServerMessageBody {
    package static let wireName = "skipped"
}

extension ServerMessage {
    package static func skipped(_ body: SkippedPayload) -> ServerMessage { ServerMessage(body) }
}
