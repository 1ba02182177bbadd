import BuzzerGame

/// `joined`, to a player who joined or resumed: their seat and the token to resume it.
package struct JoinedPayload: Encodable, Sendable, Equatable {
    package var code: String
    package var player: PlayerID
    package var nickname: String
    package var team: String?
    package var resumeToken: String
    package var resumed: Bool
    /// The league the game counts for (absent for a one-off): the podium links to its standings.
    package var league: RoomLeague? = nil
    /// The kinds the pack's questions use: the phone loads them before the first question.
    package var kinds: [QuestionKind]
}

extension JoinedPayload: ServerMessageBody {
    package static let wireName = "joined"
}

extension ServerMessage {
    package static func joined(_ body: JoinedPayload) -> ServerMessage { ServerMessage(body) }
}
