import BuzzerGame

/// `watching`, to a display that joined: the room and the kinds it loads before the first question.
package struct WatchingPayload: Encodable, Sendable, Equatable { var code: String; var joinURL: String; var kinds: [QuestionKind] }

extension WatchingPayload: ServerMessageBody {
    package static let wireName = "watching"
}

extension ServerMessage {
    package static func watching(_ body: WatchingPayload) -> ServerMessage { ServerMessage(body) }
}
