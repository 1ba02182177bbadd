import BuzzerGame

/// `players`, to the host and the displays (coalesced like `lobby`): every player with their score.
package struct PlayersPayload: Encodable, Sendable, Equatable {
    package var players: [PlayerRow]
    /// Every team still playing, for the host's team tools; absent when there are none.
    package var teams: [TeamRow]? = nil
}

package struct PlayerRow: Encodable, Sendable, Equatable {
    package var id: PlayerID
    package var nickname: String
    package var team: String?
    package var teamId: TeamID? = nil
    package var status: PlayerStatus
    package var score: Int
}

package struct TeamRow: Encodable, Sendable, Equatable { var id: TeamID; var name: String; var members: Int }

extension PlayersPayload: ServerMessageBody {
    package static let wireName = "players"
}

extension ServerMessage {
    package static func players(_ body: PlayersPayload) -> ServerMessage { ServerMessage(body) }
}
