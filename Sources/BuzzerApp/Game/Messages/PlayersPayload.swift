import BuzzerFormats
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

extension PlayerRow: JSONSortedBytesEncodable {
    /// The synthesized `encode(to:)`'s members in key order (`team` before `teamId`), the optional
    /// ones only when set.
    package func appendSortedJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONNumberText.append(id.rawValue, to: &out)
        out.append(contentsOf: #","nickname":"#.utf8)
        JSONStringLiteral.append(nickname, to: &out)
        out.append(contentsOf: #","score":"#.utf8)
        JSONNumberText.append(score, to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        JSONStringLiteral.append(status.rawValue, to: &out)
        if let team {
            out.append(contentsOf: #","team":"#.utf8)
            JSONStringLiteral.append(team, to: &out)
        }
        if let teamId {
            out.append(contentsOf: #","teamId":"#.utf8)
            JSONNumberText.append(teamId.rawValue, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
