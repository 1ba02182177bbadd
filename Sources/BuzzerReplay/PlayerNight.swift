import BuzzerGame
import BuzzerGameJSON

/// One player's night, question by question (docs/league.md, "A night, question by question"):
/// what the phone answered, what was right, the points and the time, beside the room's share of
/// right answers. Made from a replayed game (`ReplayGame`, corrections applied), so its numbers
/// are the results download's and the league's, whatever was corrected since.
package struct PlayerNight: Sendable, Equatable, Encodable {
    /// One question as this player lived it.
    package struct Question: Sendable, Equatable, Encodable {
        /// 1-based position in the game, as the results number it.
        package var number: Int
        package var kind: String
        package var text: String
        /// The player's answer as text (option texts, the typed text, the number); nil when not answered.
        @NullWhenAbsent package var answer: String?
        /// In a team game, the teammate whose answer counted for this player; nil otherwise.
        @NullWhenAbsent package var answeredBy: String?
        /// The right answer as the results write it, after corrections; nil for an unscored question.
        @NullWhenAbsent package var right: String?
        /// nil when not judged: a poll or survey, a voided or skipped question, or no answer.
        @NullWhenAbsent package var correct: Bool?
        package var points: Int
        @NullWhenAbsent package var responseMs: Int64?
        /// Right answers among the room's judged ones, in whole percent; nil when none was judged.
        @NullWhenAbsent package var percentRight: Int?
        package var voided: Bool
        package var skipped: Bool
        /// The player's answer as the protocol writes it (`{"kind":"pin","pin":{…}}`), option
        /// positions in pack order; nil when not answered. The page words it in the kind's own
        /// language (`answer` above stays the results download's text).
        @NullWhenAbsent package var answerValue: AnswerValue?
        /// The right answer as a reveal's `correct` writes it, in pack order, after corrections; nil
        /// for an unscored question.
        @NullWhenAbsent package var rightValue: RevealedAnswer?
        /// The question's tiles in pack order (options, an order's items), which `answerValue` and
        /// `rightValue` count in; empty for kinds without tiles.
        package var options: [String]
        /// True when the question's numbers are written without separators (a year).
        package var plain: Bool
        /// The numbers the kind draws with (a slider's `min`, `max`, `step`, `tolerance`); nil for most kinds.
        @NullWhenAbsent package var figures: [String: Double]?
    }

    /// When and why the game was corrected.
    package struct Correction: Sendable, Equatable, Encodable {
        package var at: Int64
        package var reason: String
    }

    package var code: String
    package var title: String
    package var startedAt: Int64
    package var nickname: String
    @NullWhenAbsent package var team: String?
    package var place: Int
    /// Players on the final standings.
    package var players: Int
    package var score: Int
    @NullWhenAbsent package var teamPlace: Int?
    package var corrections: [Correction]
    package var questions: [Question]

    /// The night of the player `device` played as, in a finished game; nil when no player of the
    /// game joined from that device (or the game cannot be read). A device that joined twice
    /// (kicked, then back under a new seat) is read as its ranked seat, the one on the standings.
    package init?(_ game: ReplayGame, device: String) {
        guard let room = game.room, !device.isEmpty else { return nil }
        let seats = room.players.values.filter { $0.deviceID == device }.sorted { ($0.isRanked ? 0 : 1, $0.id) < ($1.isRanked ? 0 : 1, $1.id) }
        guard let player = seats.first else { return nil }
        let standings = room.standings
        let standing = standings.players.first { $0.player == player.id }
        let teamStanding = player.team.flatMap { team in standings.teams.first { $0.team == room.liveTeam(team) } }
        code = game.code
        title = game.title ?? room.pack.title
        startedAt = game.startedAt
        nickname = player.nickname
        team = player.team.flatMap { room.teams[room.liveTeam($0)]?.name }
        place = standing?.rank ?? standings.players.count
        players = standings.players.count
        score = standing?.score ?? player.score
        teamPlace = teamStanding?.rank
        corrections = game.corrections.map { Correction(at: $0.at, reason: $0.reason) }
        questions = room.asked.map { Self.question($0, room: room, seats: seats.map(\.id)) }
    }

    /// One asked question for the seats of one device: the first seat with an answer or an award.
    static func question(_ entry: AskedQuestion, room: Room, seats: [PlayerID]) -> Question {
        let question = room.question(entry)
        let content = question.content
        let scored = content.kind.module.isScored(content) && !entry.voided && !entry.skipped
        let seat = seats.first { entry.answers[$0] != nil || entry.awards[$0] != nil } ?? seats[0]
        let award = entry.awards[seat]
        var night = Question(number: entry.sequence + 1, kind: question.kind.rawValue, text: question.text,
                             answer: nil, answeredBy: nil, right: nil, correct: nil, points: award?.points ?? 0, responseMs: nil,
                             percentRight: nil, voided: entry.voided, skipped: entry.skipped, answerValue: nil, rightValue: nil,
                             options: content.options, plain: content.kind.module.writesPlainNumbers(content),
                             figures: content.kind.module.figures(content))
        if let recorded = entry.answers[seat] {
            night.answer = ReplayFormat.answer(recorded.value, question: question)
            night.answerValue = recorded.value
            night.responseMs = recorded.responseMs
        } else if let team = entry.memberTeams?[seat] ?? room.players[seat]?.team, let by = entry.teamAnswers[team],
                  let recorded = entry.answers[by] {
            // Team mode: the first member's answer is the team's, and every member scores on it.
            night.answer = ReplayFormat.answer(recorded.value, question: question)
            night.answerValue = recorded.value
            night.answeredBy = room.players[by]?.nickname
            night.responseMs = recorded.responseMs
        }
        guard scored else { return night }
        let right = ReplayFormat.correctAnswer(question, acceptedExtra: entry.acceptedExtra)
        night.right = right.isEmpty ? nil : right
        if night.right != nil {
            let identity = Array(content.options.indices)
            night.rightValue = content.kind.module.revealedAnswer(content, permutation: identity, acceptedExtra: entry.acceptedExtra)
        }
        night.correct = award?.outcome.flatMap { $0 == .counted ? nil : $0 == .correct }
        // The room's share: judged answers of players still ranked, as `replay questions` counts them.
        var judged = 0, rightCount = 0
        for (id, _) in entry.answers where room.players[id]?.isRanked == true {
            switch entry.awards[id]?.outcome {
            case .correct?: judged += 1; rightCount += 1
            case .partial?, .wrong?: judged += 1
            case .counted?, nil: break
            }
        }
        if judged > 0 { night.percentRight = (rightCount * 100 + judged / 2) / judged }
        return night
    }
}
