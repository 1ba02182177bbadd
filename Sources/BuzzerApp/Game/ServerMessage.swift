import BuzzerGame
import BuzzerWebSocket
import Foundation

/// One server-to-client message of `buzzer.v1`: a case per message type, carrying its payload.
///
/// On the wire each is one flat JSON object: `type` beside the payload's own fields, keys sorted
/// (see docs/protocol-server.md). `ServerMessageEncoder` turns a message into frame bytes once, so a
/// broadcast shares them across every recipient.
///
/// `indirect`: each payload lives in its own box, so a message is one pointer however large its
/// biggest case (`state`). A reveal to 10,000 players builds 10,000 deliveries; with the payloads
/// inline each was as large as a `state`, and copying them cost the publisher 76 ms (measured).
package indirect enum ServerMessage: Encodable, Sendable, Equatable {
    case created(CreatedPayload)
    case joined(JoinedPayload)
    case hosting(HostingPayload)
    case watching(WatchingPayload)
    case joinAddress(JoinAddressPayload)
    case state(StatePayload)
    case lobby(LobbyPayload)
    case players(PlayersPayload)
    case question(QuestionPayload)
    case wagerLimit(WagerLimitPayload)
    case answersOpen(AnswersOpenPayload)
    case answerAck(AnswerAckPayload)
    case answerCount(AnswerCountPayload)
    case answersClosed(AnswersClosedPayload)
    case clock(ClockPayload)
    case skipped(SkippedPayload)
    case reveal(RevealPayload)
    case result(ResultPayload)
    case leaderboard(LeaderboardPayload)
    case standing(StandingPayload)
    case ended(EndedPayload)
    case hostStatus(HostStatusPayload)
    case kicked(KickedPayload)
    case renamed(RenamedPayload)
    case teamChanged(TeamChangedPayload)
    case teamAnswer(TeamAnswerPayload)
    case tiebreak(TiebreakPayload)
    case breakShown(BreakPayload)
    case tiebreakAck(TiebreakAckPayload)
    /// A buzz question's queue, floor and lockouts, to everyone after each press, floor and mark.
    case buzz(BuzzView)
    case tiebreakResult(TiebreakResult)
    case teamWager(TeamWagerPayload)
    case roomInfo(RoomInfoPayload)
    case clip(ClipControl)
    case displaySound(DisplaySoundPayload)
    case questionNotes(QuestionNotesPayload)
    case waiting(WaitingPayload)
    case ok(OKPayload)
    case error(ErrorPayload)

    /// The protocol's `type` (its string is `type.rawValue`).
    package var type: ServerMessageType {
        switch self {
        case .created: .created
        case .joined: .joined
        case .hosting: .hosting
        case .watching: .watching
        case .joinAddress: .joinAddress
        case .state: .state
        case .lobby: .lobby
        case .players: .players
        case .question: .question
        case .wagerLimit: .wagerLimit
        case .answersOpen: .answersOpen
        case .answerAck: .answerAck
        case .answerCount: .answerCount
        case .answersClosed: .answersClosed
        case .clock: .clock
        case .skipped: .skipped
        case .reveal: .reveal
        case .result: .result
        case .leaderboard: .leaderboard
        case .standing: .standing
        case .ended: .ended
        case .hostStatus: .hostStatus
        case .kicked: .kicked
        case .renamed: .renamed
        case .teamChanged: .teamChanged
        case .teamAnswer: .teamAnswer
        case .tiebreak: .tiebreak
        case .breakShown: .break
        case .tiebreakAck: .tiebreakAck
        case .buzz: .buzz
        case .tiebreakResult: .tiebreakResult
        case .teamWager: .teamWager
        case .roomInfo: .roomInfo
        case .clip: .clip
        case .displaySound: .displaySound
        case .waiting: .waiting
        case .ok: .ok
        case .error: .error
        case .questionNotes: .questionNotes
        }
    }

    private var payload: any Encodable {
        switch self {
        case .created(let payload): payload
        case .joined(let payload): payload
        case .hosting(let payload): payload
        case .watching(let payload): payload
        case .joinAddress(let payload): payload
        case .state(let payload): payload
        case .lobby(let payload): payload
        case .players(let payload): payload
        case .question(let payload): payload
        case .wagerLimit(let payload): payload
        case .answersOpen(let payload): payload
        case .answerAck(let payload): payload
        case .answerCount(let payload): payload
        case .answersClosed(let payload): payload
        case .clock(let payload): payload
        case .skipped(let payload): payload
        case .reveal(let payload): payload
        case .result(let payload): payload
        case .leaderboard(let payload): payload
        case .standing(let payload): payload
        case .ended(let payload): payload
        case .hostStatus(let payload): payload
        case .kicked(let payload): payload
        case .renamed(let payload): payload
        case .teamChanged(let payload): payload
        case .teamAnswer(let payload): payload
        case .tiebreak(let payload): payload
        case .breakShown(let payload): payload
        case .tiebreakAck(let payload): payload
        case .buzz(let payload): payload
        case .tiebreakResult(let payload): payload
        case .teamWager(let payload): payload
        case .roomInfo(let payload): payload
        case .clip(let payload): payload
        case .displaySound(let payload): payload
        case .waiting(let payload): payload
        case .ok(let payload): payload
        case .error(let payload): payload
        case .questionNotes(let payload): payload
        }
    }

    private enum Key: String, CodingKey { case type }

    /// `type` and the payload's fields in one object (the payload writes into the same container).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(type.rawValue, forKey: .type)
        try payload.encode(to: encoder)
    }

    /// A refusal, as its one definition says (`GameError`, `AppError`): `code` is stable, `message` a
    /// sentence for people, `request` the refused message's `type`.
    package static func error(_ error: some DefinedError, request: String? = nil) -> ServerMessage {
        let definition = error.definition
        return .error(ErrorPayload(code: definition.code.rawValue, message: definition.message, request: request))
    }
}

// MARK: - Payloads (field names are the protocol's; see docs/protocol-server.md)

package struct ErrorPayload: Codable, Sendable, Equatable {
    package var code: String
    package var message: String
    /// The `type` of the message that was refused, when known.
    package var request: String?
}

/// For requests whose effect everyone sees anyway (lock, kick, adjust...): the sender learns it worked.
package struct OKPayload: Encodable, Sendable, Equatable { var request: String }

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

/// `kinds`, as in `created` and `joined`: the question kinds the console or projector loads before the first question.
package struct HostingPayload: Encodable, Sendable, Equatable { var code: String; var joinURL: String; var joinAddresses: [String]; var kinds: [QuestionKind] }
package struct WatchingPayload: Encodable, Sendable, Equatable { var code: String; var joinURL: String; var kinds: [QuestionKind] }
/// The host picked another join address: the host console and the projector follow.
package struct JoinAddressPayload: Encodable, Sendable, Equatable { var joinURL: String }

package struct LobbyPayload: Encodable, Sendable, Equatable {
    package var title: String
    package var playerCount: Int
    package var locked: Bool
    package var hostConnected: Bool
}

package struct PlayerRow: Encodable, Sendable, Equatable {
    package var id: PlayerID
    package var nickname: String
    package var team: String?
    package var teamId: TeamID? = nil
    package var status: PlayerStatus
    package var score: Int
}

package struct PlayersPayload: Encodable, Sendable, Equatable {
    package var players: [PlayerRow]
    /// Every team still playing, for the host's team tools; absent when there are none.
    package var teams: [TeamRow]? = nil
}
package struct TeamRow: Encodable, Sendable, Equatable { var id: TeamID; var name: String; var members: Int }

package struct QuestionPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var question: QuestionView
    /// Host only.
    package var correct: RevealedAnswer?
    package var explanation: String?
    /// Host only: the room mechanics' buttons for this question (show a hint), when it has any.
    package var actions: [MechanicAction]?
}

/// What the room's mechanics show under the current question now (a hint shown), and to the host
/// the console's buttons with their counts.
package struct QuestionNotesPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var notes: [QuestionNote]
    package var actions: [MechanicAction]?
}

package struct AnswersOpenPayload: Encodable, Sendable, Equatable { var question: Int; var serverTime: GameInstant; var deadline: GameInstant }
package struct AnswerAckPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var durable: Bool
    /// What was locked in, as the player saw the options. Not called `answer`: that word is the
    /// right answer's, which no player message may carry before the reveal (the leak tests look for it).
    package var lockedIn: AnswerValue? = nil
}
/// The host paused, resumed or lengthened the current question: its timing as it stands now.
package struct ClockPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var serverTime: GameInstant
    package var opensAt: GameInstant
    package var deadline: GameInstant
    package var timeLimitMs: GameDuration
    /// Present while the clock is stopped: what it stopped at.
    package var pausedLeftMs: GameDuration?
}
/// The host skipped the current question; the next step follows.
package struct SkippedPayload: Encodable, Sendable, Equatable { var question: Int }
package struct AnswerCountPayload: Encodable, Sendable, Equatable { var question: Int; var answered: Int; var connected: Int }
package struct AnswersClosedPayload: Encodable, Sendable, Equatable { var question: Int; var reason: CloseReason }

/// `byHost`: accepted during the game (present only then), so `reject` can take it back.
package struct TypedAnswer: Encodable, Sendable, Equatable { var text: String; var count: Int; var accepted: Bool; var byHost: Bool? }

package struct RevealPayload: Encodable, Sendable, Equatable {
    package var reveal: RevealView
    /// Host only, text questions: typed answers grouped, to pick extra ones to accept.
    package var typedAnswers: [TypedAnswer]?
}

package struct ResultPayload: Encodable, Sendable, Equatable {
    package var result: PlayerResult
    /// Ranked players, for "3rd of 42".
    package var players: Int
}

/// A wager round's limit for one player (their team's standing, or one question's points if more).
package struct WagerLimitPayload: Encodable, Sendable, Equatable { var question: Int; var max: Int }

package struct LeaderboardPayload: Encodable, Sendable, Equatable {
    package var final: Bool
    /// The top of the standings only (`GameContext.leaderboardSize`).
    package var players: [PlayerStanding]
    package var teams: [TeamStanding]
    /// How many players are ranked in the whole room, for "Top 8 of 500": `players` is cut short.
    package var total: Int
}

package struct StandingPayload: Encodable, Sendable, Equatable {
    package var rank: Int?
    package var score: Int
    package var players: Int
    package var teamRank: Int?
}

package struct EndedPayload: Encodable, Sendable, Equatable {
    package var reason: EndReason
    package var podium: Standings
    package var players: [PlayerStanding]
    package var teams: [TeamStanding]
}

package struct KickedPayload: Encodable, Sendable, Equatable {
    package var ban: Bool
    /// The host's words for the player, if any.
    package var reason: String? = nil
}
/// The host renamed this player.
package struct RenamedPayload: Encodable, Sendable, Equatable { var nickname: String }
/// The host renamed, merged or moved this player's team: the team it is now (nil: none).
package struct TeamChangedPayload: Encodable, Sendable, Equatable { var team: String? }
/// Team mode, to the teammates of whoever answered first: the team's answer is locked in.
package struct TeamAnswerPayload: Encodable, Sendable, Equatable { var question: Int; var by: String; var lockedIn: AnswerValue }
/// A tiebreak started (or more of its answers are in): everyone gets it; the host's copy has `answer`.
package struct TiebreakPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var tiebreak: TiebreakView
    package var answer: Double?
}
/// The room went on a break between rounds, or the host moved its countdown: everyone gets the whole slide.
package struct BreakPayload: Encodable, Sendable, Equatable {
    package var serverTime: GameInstant
    package var `break`: RoomBreak
}
/// The tiebreak answer is in (to the player who gave it, and to their tied team's other members).
package struct TiebreakAckPayload: Encodable, Sendable, Equatable { var number: Int; var value: Double; var by: String }
/// To a team's members: the team's stake on a wager question, and who placed it.
package struct TeamWagerPayload: Encodable, Sendable, Equatable { var question: Int; var amount: Int; var by: String }
/// The answer to `peek`: enough for the join form. `teams` only when the host set a list.
package struct RoomInfoPayload: Encodable, Sendable, Equatable {
    package var code: String
    package var title: String
    package var phase: RoomPhase
    package var teams: [String]?
    /// The room's own name limits, so the join form counts against them rather than the server's defaults.
    package var nicknameMaxLength: Int
    package var teamNameMaxLength: Int
}
package struct HostStatusPayload: Encodable, Sendable, Equatable { var connected: Bool }

/// Everything a (re)connecting client needs to draw the current screen.
package struct StatePayload: Encodable, Sendable, Equatable {
    package var role: String
    package var code: String
    package var title: String
    package var phase: RoomPhase
    package var serverTime: GameInstant
    package var locked: Bool
    package var hostConnected: Bool
    package var playerCount: Int
    package var questionCount: Int
    package var question: QuestionView?
    /// Host only.
    package var correct: RevealedAnswer?
    /// Host only: the room mechanics' buttons for the current question, when it has any.
    package var actions: [MechanicAction]?
    /// Player only: whether they already answered the current question.
    package var answered: Bool?
    /// Player only: what they locked in on the current question (a reload shows it again).
    package var myAnswer: AnswerValue?
    /// Player only, in team mode: the teammate whose answer is the team's, when not this player.
    package var answeredBy: String?
    /// Player only: the team's stake on the current question, when a teammate placed it.
    package var teamWager: TeamWagerPayload?
    /// During a tiebreak: the tiebreak (the host's `tiebreakAnswer` beside it).
    package var tiebreak: TiebreakView?
    package var tiebreakAnswer: Double?
    /// On a buzz question: its queue, floor and lockouts (as in `buzz`).
    package var buzz: BuzzView?
    /// Player only, during a tiebreak: whether they play it, and whether it is answered for them.
    package var tiebreakPlays: Bool?
    package var tiebreakAnswered: Bool?
    /// During a break between rounds: the slide, its countdown and what comes next.
    package var `break`: RoomBreak?
    /// On the final leaderboard after a tiebreak: how the last one came out.
    package var tiebreakResult: TiebreakResult?
    package var answerCount: Int?
    package var reveal: RevealView?
    /// Host only, after a text question's reveal (as in `reveal`).
    package var typedAnswers: [TypedAnswer]?
    /// Host only, while a survey question runs: its `waiting` (with the answer groups so far).
    package var waiting: WaitingPayload?
    package var result: PlayerResult?
    /// Player only, during a wager question.
    package var maxWager: Int?
    package var leaderboard: LeaderboardPayload?
    package var ended: EndedPayload?
    package var me: StandingPayload?
}
