import BuzzerGame
import BuzzerWebSocket
import Foundation

/// Builds the server's protocol messages: one flat JSON object per message, `type` first in
/// meaning (keys are sorted on the wire). Each is encoded once into an `OutboundMessage`, so a
/// broadcast shares its bytes across every recipient.
package struct ServerMessage {
    /// Each message is compressed, if at all, on the loop that sends it: once per loop with the
    /// loop's own stream for every connection without context takeover.
    let compression: PerMessageDeflateConfig

    package init(compression: PerMessageDeflateConfig) {
        self.compression = compression
    }

    /// `{"type":T, ...payload's fields}`.
    package func make(_ type: String, _ payload: some Encodable) -> OutboundMessage {
        .text(Self.json(type, payload), compression: compression)
    }

    package func make(_ type: String) -> OutboundMessage {
        .text("{\"type\":\"\(type)\"}", compression: compression)
    }

    package func error(_ code: String, _ message: String, request: String? = nil) -> OutboundMessage {
        make("error", ErrorPayload(code: code, message: message, request: request))
    }

    package func error(_ error: GameError, request: String?) -> OutboundMessage {
        self.error(error.code, error.description, request: request)
    }

    /// One encoder for every message: its options never change after this, so sharing it across
    /// loops is safe, and a reveal's 2,000 `result` messages do not build 2,000 encoders.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ type: String, _ payload: some Encodable) -> String {
        do {
            return String(decoding: try encoder.encode(Envelope(type: type, payload: payload)), as: UTF8.self)
        } catch {
            // Only non-finite numbers can fail here; the game never produces them.
            return "{\"type\":\"error\",\"code\":\"internal\",\"message\":\"The server could not encode a \(type) message.\"}"
        }
    }
}

/// Puts `type` beside the payload's own fields in one object.
private struct Envelope<Payload: Encodable>: Encodable {
    var type: String
    var payload: Payload
    private enum Key: String, CodingKey { case type }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type, forKey: .type)
        try payload.encode(to: encoder)
    }
}

// MARK: - Payloads (field names are the protocol's; see docs/protocol.md)

package struct ErrorPayload: Codable, Sendable {
    package var code: String
    package var message: String
    /// The `type` of the message that was refused, when known.
    package var request: String?
}

/// For requests whose effect everyone sees anyway (lock, kick, adjust...): the sender learns it worked.
struct OKPayload: Encodable { var request: String }

struct CreatedPayload: Encodable {
    var code: String
    var hostToken: String
    var joinURL: String
    var displayURL: String
    var title: String
    var questionCount: Int
    var settings: RoomSettings
}

struct JoinedPayload: Encodable {
    var code: String
    var player: PlayerID
    var nickname: String
    var team: String?
    var resumeToken: String
    var resumed: Bool
}

struct HostingPayload: Encodable { var code: String }
struct WatchingPayload: Encodable { var code: String }

struct LobbyPayload: Encodable {
    var title: String
    var playerCount: Int
    var locked: Bool
    var hostConnected: Bool
}

struct PlayerRow: Encodable {
    var id: PlayerID
    var nickname: String
    var team: String?
    var status: PlayerStatus
    var score: Int
}

struct PlayersPayload: Encodable { var players: [PlayerRow] }

struct QuestionPayload: Encodable {
    var serverTime: GameInstant
    var question: QuestionView
    /// Host only.
    var correct: RevealedAnswer?
    var explanation: String?
}

struct AnswersOpenPayload: Encodable { var question: Int; var serverTime: GameInstant; var deadline: GameInstant }
struct AnswerAckPayload: Encodable { var question: Int; var durable: Bool }
struct AnswerCountPayload: Encodable { var question: Int; var answered: Int; var connected: Int }
struct AnswersClosedPayload: Encodable { var question: Int; var reason: CloseReason }

struct TypedAnswer: Encodable { var text: String; var count: Int; var accepted: Bool }

struct RevealPayload: Encodable {
    var reveal: RevealView
    /// Host only, text questions: typed answers grouped, to pick extra ones to accept.
    var typedAnswers: [TypedAnswer]?
}

struct ResultPayload: Encodable {
    var result: PlayerResult
    /// Ranked players, for "3rd of 42".
    var players: Int
}

/// A wager round's limit for one player (their team's standing, or one question's points if more).
struct WagerLimitPayload: Encodable { var question: Int; var max: Int }

struct LeaderboardPayload: Encodable {
    var final: Bool
    var players: [PlayerStanding]
    var teams: [TeamStanding]
}

struct StandingPayload: Encodable {
    var rank: Int?
    var score: Int
    var players: Int
    var teamRank: Int?
}

struct EndedPayload: Encodable {
    var reason: EndReason
    var podium: Standings
    var players: [PlayerStanding]
    var teams: [TeamStanding]
}

struct KickedPayload: Encodable { var ban: Bool }
struct HostStatusPayload: Encodable { var connected: Bool }

/// Everything a (re)connecting client needs to draw the current screen.
struct StatePayload: Encodable {
    var role: String
    var code: String
    var title: String
    var phase: RoomPhase
    var serverTime: GameInstant
    var locked: Bool
    var hostConnected: Bool
    var playerCount: Int
    var questionCount: Int
    var question: QuestionView?
    /// Host only.
    var correct: RevealedAnswer?
    /// Player only: whether they already answered the current question.
    var answered: Bool?
    var answerCount: Int?
    var reveal: RevealView?
    /// Host only, after a text question's reveal (as in `reveal`).
    var typedAnswers: [TypedAnswer]?
    var result: PlayerResult?
    /// Player only, during a wager question.
    var maxWager: Int?
    var leaderboard: LeaderboardPayload?
    var ended: EndedPayload?
    var me: StandingPayload?
}
