import BuzzerGame

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

extension StatePayload: ServerMessageBody {
    package static let wireName = "state"
}

extension ServerMessage {
    package static func state(_ body: StatePayload) -> ServerMessage { ServerMessage(body) }
}
