import BuzzerFormats
import BuzzerGame

/// Who has not answered the current question yet (host only, coalesced like `answer_count`).
package struct WaitingPayload: Encodable, Sendable, Equatable {
    package struct Row: Encodable, Sendable, Equatable {
        var id: PlayerID
        var nickname: String
        var status: PlayerStatus
        /// An away player who dropped during this question: the server time their grace ends (the console says "reconnecting…" until then).
        var reconnectingUntil: GameInstant?
    }
    package struct Team: Encodable, Sendable, Equatable { var team: TeamID; var name: String; var waiting: Int; var members: Int }
    package var question: Int
    package var players: [Row]
    /// Players past the list's limit who have not answered either.
    package var more: Int
    package var teams: [Team]
    /// A survey's biggest answer groups so far (at most `waitingListLimit`), for the host to merge; absent for other kinds.
    package var groups: [AnswerGroup]?
    /// A wager round's stakes so far, placed or not (WaitingPayload+Stakes.swift); absent outside wager rounds.
    package var stakes: Stakes? = nil
}

extension WaitingPayload: ServerMessageBody {
    package static let wireName = "waiting"
}

extension ServerMessage {
    package static func waiting(_ body: WaitingPayload) -> ServerMessage { ServerMessage(body) }
}

extension WaitingPayload.Row: JSONSortedBytesEncodable {
    /// The synthesized `encode(to:)`'s members in key order, `reconnectingUntil` only when set.
    package func appendSortedJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONNumberText.append(id.rawValue, to: &out)
        out.append(contentsOf: #","nickname":"#.utf8)
        JSONStringLiteral.append(nickname, to: &out)
        if let reconnectingUntil {
            out.append(contentsOf: #","reconnectingUntil":"#.utf8)
            JSONNumberText.append(reconnectingUntil, to: &out)
        }
        out.append(contentsOf: #","status":"#.utf8)
        JSONStringLiteral.append(status.rawValue, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
