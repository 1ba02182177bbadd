import BuzzerGame

/// `created`, to the host who created the room: its code, its token and its addresses.
package struct CreatedPayload: Encodable, Sendable, Equatable {
    package var code: String
    package var hostToken: String
    package var joinURL: String
    /// Every address players could use (the one in `joinURL` first); the host may pick another.
    package var joinAddresses: [String]
    package var displayURL: String
    package var title: String
    package var questionCount: Int
    package var settings: RoomSettings
    /// The league the game counts for (absent for a one-off): `{"id":…,"name":…}`.
    package var league: RoomLeague? = nil
    /// The kinds the pack's questions use: the page loads them before the first question.
    package var kinds: [QuestionKind]
}

extension CreatedPayload: ServerMessageBody {
    package static let wireName = "created"
}

extension ServerMessage {
    package static func created(_ body: CreatedPayload) -> ServerMessage { ServerMessage(body) }
}
