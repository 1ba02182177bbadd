import BuzzerGame
import BuzzerGameJSON
import BuzzerReplay

/// `GET /api/games/GAME/corrections`: what a correction of the game can name, as the game stands
/// now (its corrections applied): the questions that were revealed, each with its right answer in
/// the form the POST's `answer_key` takes and, for typed answers, who typed what and whether it
/// counts; the players and teams with their scores; and the corrections made so far. The pages'
/// corrections form (assets/corrections.js) is drawn from it. Read from the same replayed room the
/// POST checks a correction against, so what it offers is what the POST accepts.
struct CorrectableGame: Encodable {
    /// A question the game revealed (only those can be corrected).
    struct Question: Encodable {
        /// From 1, as the POST's `question` and the results count.
        var number: Int
        var kind: QuestionKind
        var text: String
        /// The options (an order question's items), in pack order, where the kind has them.
        var options: [String]?
        /// False for an opinion (a poll): it has no key to change and no answer to rule on.
        var scored: Bool
        var voided: Bool
        /// The right answer now; nil when the question is not scored.
        var answerKey: AnswerKeyJSON?
        /// Typed answers (text, survey), grouped as the game judges them (normalised text), most
        /// given first; nil when none was typed.
        var typed: [TypedAnswer]?

        private enum CodingKeys: String, CodingKey { case number, kind, text, options, scored, voided, answerKey = "answer_key", typed }
    }

    /// One typed answer (the first spelling given) and the players who gave it.
    struct TypedAnswer: Encodable {
        var text: String
        /// True when every answer in the group counts as right now.
        var accepted: Bool
        var players: [Giver]
    }

    struct Giver: Encodable {
        var id: Int
        var name: String
        var accepted: Bool
    }

    /// A player or a team on the standings now, best first.
    struct Competitor: Encodable {
        var id: Int
        var name: String
        var score: Int
        var rank: Int
        /// A player's team, by id; nil for a team and for a teamless player.
        var team: Int?
    }

    struct Correction: Encodable {
        var at: GameInstant
        var action: GameCorrected.Action
        /// From 1; nil for an adjustment.
        var question: Int?
        var reason: String
        var by: CorrectionAuthor
    }

    var game: String
    var title: String?
    /// Whether the POST would take a correction: a finished game whose log is whole. A running or
    /// abandoned game, or one with damaged lines, is listed but cannot be corrected.
    var finished: Bool
    var questions: [Question]
    var players: [Competitor]
    var teams: [Competitor]
    var corrections: [Correction]

    init(_ game: ReplayGame, room: Room) {
        self.game = game.id
        title = game.title
        finished = game.status == .finished && game.isComplete
        questions = room.asked.filter { $0.wasRevealed || $0.isRevealed }.map { Self.question($0, room: room) }
        let standings = room.standings
        players = standings.players.map { Competitor(id: $0.player.rawValue, name: $0.nickname, score: $0.score, rank: $0.rank, team: $0.team?.rawValue) }
        teams = standings.teams.map { Competitor(id: $0.team.rawValue, name: $0.name, score: $0.score, rank: $0.rank, team: nil) }
        corrections = game.corrections.map {
            Correction(at: $0.at, action: $0.action, question: $0.correction.sequence.map { $0 + 1 }, reason: $0.reason, by: $0.by)
        }
    }

    static func question(_ entry: AskedQuestion, room: Room) -> Question {
        let asked = room.question(entry)
        let content = asked.content
        let scored = content.kind.module.isScored(content)
        let tiles = content.options
        return Question(number: entry.sequence + 1, kind: content.kind, text: asked.text, options: tiles.isEmpty ? nil : tiles,
                        scored: scored, voided: entry.voided, answerKey: scored ? AnswerKeyJSON(content) : nil,
                        typed: typedAnswers(entry, content: content, room: room))
    }

    /// The answers that carry a typed text's key (`RecordedAnswer.textKey`), grouped by it in the
    /// order first given; nil when the question has none.
    static func typedAnswers(_ entry: AskedQuestion, content: QuestionContent, room: Room) -> [TypedAnswer]? {
        var groups: [TypedAnswer] = []
        var index: [String: Int] = [:]
        let answers = entry.answers.sorted { a, b in
            a.value.receivedAt != b.value.receivedAt ? a.value.receivedAt < b.value.receivedAt : a.key < b.key
        }
        for (player, recorded) in answers {
            guard let key = recorded.textKey ?? content.kind.module.comparisonKey(recorded.value), let who = room.players[player] else { continue }
            let accepted = entry.awards[player]?.outcome == .correct
            let giver = Giver(id: player.rawValue, name: who.nickname, accepted: accepted)
            if let at = index[key] {
                groups[at].players.append(giver)
                groups[at].accepted = groups[at].accepted && accepted
            } else {
                index[key] = groups.count
                groups.append(TypedAnswer(text: content.kind.module.answerText(recorded.value, content: content), accepted: accepted, players: [giver]))
            }
        }
        guard !groups.isEmpty else { return nil }
        // Most given first; among equals, first given first (`sorted` alone does not promise that).
        return groups.enumerated().sorted { a, b in
            a.element.players.count != b.element.players.count ? a.element.players.count > b.element.players.count : a.offset < b.offset
        }.map(\.element)
    }
}
