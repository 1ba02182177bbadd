import BuzzerGame

/// A game as a readable story (`buzzer replay show`): every question with its answer, how the
/// room answered, the fastest right answer and the standings after it, then the podium.
package struct GameTimeline: Sendable, Equatable, Codable {
    package var game: String
    package var code: String
    package var title: String
    package var status: GameStatus
    package var startedAt: String
    package var endedAt: String?
    package var endReason: String?
    package var players: Int
    package var teams: Int
    package var questions: [QuestionSummary]
    package var podium: StandingsSummary
    /// The whole final table (the podium is its top places).
    package var finalStandings: StandingsSummary
    /// False when the game's log is not whole (`ReplayGame.isComplete`): then every number here
    /// may be wrong, and `problems` says why. Only with `allowIncomplete`.
    package var complete: Bool
    package var problems: [ReplayIssue]

    private enum CodingKeys: String, CodingKey {
        case game, code, title, status, complete, problems, startedAt = "started_at", endedAt = "ended_at", endReason = "end_reason"
        case players, teams, questions, podium, finalStandings = "final_standings"
    }

    /// Builds the timeline of a game read with `ReplayDepth.timeline` and `keepRooms`. An
    /// incomplete game is refused, so wrong numbers never print as if they were true, unless
    /// `allowIncomplete`: then it is built as far as the log goes and marked `complete: false`.
    package init(_ game: ReplayGame, allowIncomplete: Bool = false) throws(ReplayError) {
        if !game.isComplete && !allowIncomplete { throw .incompleteGame(game: game.id, problems: game.errors) }
        guard let room = game.room, let final = game.finalStandings else {
            throw .damagedGame(game: game.id, issue: game.damage?.description ?? "it has no readable room_created line")
        }
        complete = game.isComplete
        problems = game.errors
        self.game = game.id
        code = game.code
        title = room.pack.title
        status = game.status
        startedAt = ReplayFormat.iso(game.startedAt)
        endedAt = game.endedAt.map(ReplayFormat.iso)
        endReason = game.endReason?.rawValue
        players = game.playerCount
        teams = game.teamCount
        questions = room.asked.map { QuestionSummary(entry: $0, room: room, standings: game.standingsAfter[$0.sequence]) }
        podium = StandingsSummary(final.podium(size: room.settings.podiumSize), room: room)
        finalStandings = StandingsSummary(final, room: room)
    }
}

/// One asked question and what happened to it.
package struct QuestionSummary: Sendable, Equatable, Codable {
    /// 1-based, in the order asked.
    package var number: Int
    package var round: Int
    package var roundTitle: String?
    package var kind: String
    package var category: String
    package var text: String
    /// Empty for polls; nil until revealed.
    package var correctAnswer: String?
    package var answered: Int
    package var right: Int
    /// Each distinct answer and how many gave it, in option order (options) or most common first.
    package var distribution: [AnswerCount]
    package var fastestCorrect: FastestAnswer?
    /// Standings right after the reveal; nil if the question was never revealed.
    package var standings: StandingsSummary?
    /// True when the host skipped it (never scored); absent otherwise.
    package var skipped: Bool?

    private enum CodingKeys: String, CodingKey {
        case number, round, roundTitle = "round_title", kind, category, text, correctAnswer = "correct_answer"
        case answered, right, distribution, fastestCorrect = "fastest_correct", standings, skipped
    }

    init(entry: AskedQuestion, room: Room, standings: Standings?) {
        let question = room.question(entry)
        number = entry.sequence + 1
        round = entry.round + 1
        roundTitle = room.pack.rounds[entry.round].title
        kind = question.kind.rawValue
        category = question.category
        text = question.text
        correctAnswer = entry.isRevealed ? ReplayFormat.correctAnswer(question, acceptedExtra: entry.acceptedExtra) : nil
        let ranked = entry.answers.filter { room.players[$0.key]?.isRanked == true }
        answered = ranked.count
        right = entry.awards.values.filter { $0.outcome == .correct }.count
        distribution = Self.distribution(entry: entry, question: question, answers: ranked, revealed: entry.isRevealed)
        let fastest = ranked.filter { entry.awards[$0.key]?.outcome == .correct }
            .min { a, b in a.value.responseMs != b.value.responseMs ? a.value.responseMs < b.value.responseMs : a.key < b.key }
        fastestCorrect = fastest.map { id, answer in
            FastestAnswer(player: room.players[id]?.nickname ?? "player \(id.rawValue)",
                          team: room.players[id]?.team.flatMap { room.teams[$0]?.name }, responseMs: answer.responseMs)
        }
        self.standings = standings.map { StandingsSummary($0, room: room) }
        skipped = entry.skipped ? true : nil
    }

    static func distribution(entry: AskedQuestion, question: Question, answers: [(key: PlayerID, value: RecordedAnswer)], revealed: Bool) -> [AnswerCount] {
        func mark(_ flag: Bool) -> Bool? { revealed ? flag : nil }
        let module = question.kind.module
        switch module.distribution(question.content) {
        case .options(let right):
            let options = question.content.options
            var counts = Array(repeating: 0, count: options.count)
            for (_, answer) in answers {
                module.forEachPick(answer.value) { index in if counts.indices.contains(index) { counts[index] += 1 } }
            }
            // Shown in the order players saw the options.
            let order = entry.permutation.count == options.count ? entry.permutation : Array(options.indices)
            return order.map { index in AnswerCount(answer: options[index], count: counts[index], correct: right.flatMap { mark($0.contains(index)) }) }
        case .rows(let rows):
            var counts = Array(repeating: 0, count: rows.count)
            for (_, answer) in answers {
                let text = module.answerText(answer.value, content: question.content)
                if let row = rows.firstIndex(where: { $0.answer == text }) { counts[row] += 1 }
            }
            return rows.indices.map { AnswerCount(answer: rows[$0].answer, count: counts[$0], correct: mark(rows[$0].right)) }
        case .grouped:
            var groups: [String: (answer: String, count: Int, correct: Bool)] = [:]
            for (id, answer) in answers {  // in id order, as a PlayerMap iterates
                let shown = ReplayFormat.answer(answer.value, question: question)
                // A survey's host merges apply, as in the reveal.
                let key = module.comparisonKey(answer.value).map(entry.group(of:)) ?? shown
                let isRight = entry.awards[id]?.outcome == .correct
                groups[key, default: (shown, 0, false)].count += 1
                if isRight { groups[key]!.correct = true }
            }
            return groups.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.answer < $1.answer }
                .map { AnswerCount(answer: $0.answer, count: $0.count, correct: mark($0.correct)) }
        }
    }
}

package struct AnswerCount: Sendable, Equatable, Codable {
    package var answer: String
    package var count: Int
    /// nil for polls and before the reveal.
    package var correct: Bool?
}

package struct FastestAnswer: Sendable, Equatable, Codable {
    package var player: String
    package var team: String?
    package var responseMs: Int64
    private enum CodingKeys: String, CodingKey { case player, team, responseMs = "response_ms" }
}

/// Standings with names, as `show` prints them.
package struct StandingsSummary: Sendable, Equatable, Codable {
    package var players: [StandingRow]
    package var teams: [StandingRow]

    init(_ standings: Standings, room: Room) {
        players = standings.players.map { row in
            StandingRow(rank: row.rank, name: row.nickname, team: row.team.flatMap { room.teams[$0]?.name }, score: row.score)
        }
        teams = standings.teams.map { StandingRow(rank: $0.rank, name: $0.name, team: nil, score: $0.score) }
    }
}

package struct StandingRow: Sendable, Equatable, Codable {
    package var rank: Int
    package var name: String
    /// A player's team; nil for teams and teamless players.
    package var team: String?
    package var score: Int
}
