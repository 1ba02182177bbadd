import BuzzerGame

/// `kinds`, as in `created` and `joined`: the question kinds the console or projector loads before the first question.
package struct HostingPayload: Encodable, Sendable, Equatable { var code: String; var joinURL: String; var joinAddresses: [String]; var kinds: [QuestionKind] }

extension HostingPayload: ServerMessageBody {
    package static let wireName = "hosting"
}

extension ServerMessage {
    package static func hosting(_ body: HostingPayload) -> ServerMessage { ServerMessage(body) }
}
