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
    /// The current question's kind's live view (`QuestionKindModule.liveView`: a buzz question's queue, as in
    /// `buzz`), written under its message's name.
    package var kindView: KindLiveView?
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

extension StatePayload {
    private enum CodingKeys: String, CodingKey {
        case role, code, title, phase, serverTime, locked, hostConnected, playerCount, questionCount, question
        case correct, actions, answered, myAnswer, answeredBy, teamWager, tiebreak, tiebreakAnswer, tiebreakPlays
        case tiebreakAnswered, `break`, tiebreakResult, answerCount, reveal, typedAnswers, waiting, result
        case maxWager, leaderboard, ended, me
    }

    /// Every field under its own name, as `Encodable` would write it, and the kind's live view under
    /// its message's name (`buzz`): the encoder sorts keys, so the bytes are as before.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(phase, forKey: .phase)
        try container.encode(serverTime, forKey: .serverTime)
        try container.encode(locked, forKey: .locked)
        try container.encode(hostConnected, forKey: .hostConnected)
        try container.encode(playerCount, forKey: .playerCount)
        try container.encode(questionCount, forKey: .questionCount)
        try container.encodeIfPresent(question, forKey: .question)
        try container.encodeIfPresent(correct, forKey: .correct)
        try container.encodeIfPresent(actions, forKey: .actions)
        try container.encodeIfPresent(answered, forKey: .answered)
        try container.encodeIfPresent(myAnswer, forKey: .myAnswer)
        try container.encodeIfPresent(answeredBy, forKey: .answeredBy)
        try container.encodeIfPresent(teamWager, forKey: .teamWager)
        try container.encodeIfPresent(tiebreak, forKey: .tiebreak)
        try container.encodeIfPresent(tiebreakAnswer, forKey: .tiebreakAnswer)
        try container.encodeIfPresent(tiebreakPlays, forKey: .tiebreakPlays)
        try container.encodeIfPresent(tiebreakAnswered, forKey: .tiebreakAnswered)
        try container.encodeIfPresent(self.`break`, forKey: .`break`)
        try container.encodeIfPresent(tiebreakResult, forKey: .tiebreakResult)
        try container.encodeIfPresent(answerCount, forKey: .answerCount)
        try container.encodeIfPresent(reveal, forKey: .reveal)
        try container.encodeIfPresent(typedAnswers, forKey: .typedAnswers)
        try container.encodeIfPresent(waiting, forKey: .waiting)
        try container.encodeIfPresent(result, forKey: .result)
        try container.encodeIfPresent(maxWager, forKey: .maxWager)
        try container.encodeIfPresent(leaderboard, forKey: .leaderboard)
        try container.encodeIfPresent(ended, forKey: .ended)
        try container.encodeIfPresent(me, forKey: .me)
        if let kindView { try kindView.encode(into: encoder) }
    }
}

extension StatePayload: ServerMessageBody {
    package static let wireName = "state"
}

extension ServerMessage {
    package static func state(_ body: StatePayload) -> ServerMessage { ServerMessage(body) }
}
