extension Room {
    /// The current question as players see it; nil in the lobby, on a break or when the game is over.
    package var questionView: QuestionView? {
        guard let current = currentQuestion, phase != .lobby, phase != .ended, phase != .onBreak else { return nil }
        return view(of: current)
    }

    func view(of entry: AskedQuestion) -> QuestionView {
        let question = question(entry)
        let options = question.content.options
        return QuestionView(
            sequence: entry.sequence, questionCount: pack.questionCount, round: entry.round,
            roundTitle: pack.rounds[entry.round].title, roundCount: pack.rounds.count, index: entry.index,
            kind: question.kind, category: question.category, text: question.text,
            options: entry.permutation.map { options[$0] }, points: question.points,
            wager: pack.rounds[entry.round].wager, shownAt: entry.shownAt, opensAt: entry.opensAt,
            deadline: entry.deadline, timeLimitMs: entry.answerWindowMs,
            answerChangeable: settings.allowAnswerChange ? true : nil,
            pausedLeftMs: entry.pausedAt.map { at in max(0, (at < entry.opensAt ? entry.opensAt : entry.deadline) - at) },
            media: question.media)
    }

    /// The current question with its answer, for the host only.
    package var hostQuestionView: HostQuestionView? {
        guard let current = currentQuestion, phase != .lobby, phase != .ended, phase != .onBreak else { return nil }
        let question = question(current)
        return HostQuestionView(
            question: view(of: current), correct: revealedAnswer(current), explanation: question.explanation,
            answered: current.answers.count, connectedPlayers: connectedCount)
    }

    /// The right answer of an asked question in its displayed option positions.
    func revealedAnswer(_ entry: AskedQuestion) -> RevealedAnswer {
        let displayed = { (index: Int) in entry.permutation.firstIndex(of: index) ?? index }
        switch question(entry).content {
        case .choice(_, let answer): return .options([displayed(answer)])
        case .multi(_, let answers): return .options(answers.map(displayed).sorted())
        case .truefalse(let answer): return .truefalse(answer)
        case .text(let accepted): return .text(accepted + entry.acceptedExtra)
        case .number(let answer): return .number(answer)
        case .poll: return .none
        case .order(let items): return .order(items.indices.map(displayed))
        }
    }

    /// The reveal of a question; nil until it is revealed.
    package func revealView(sequence: Int) -> RevealView? {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return nil }
        let entry = asked[sequence]
        let question = question(entry)
        var optionCounts = Array(repeating: 0, count: entry.permutation.count)
        var trueFalse = question.kind == .truefalse ? [0, 0] : []
        let displayed = Dictionary(uniqueKeysWithValues: entry.permutation.enumerated().map { ($1, $0) })
        var answered = 0
        for (id, answer) in entry.answers where isRanked(id) {
            answered += 1
            switch answer.value {
            case .choice(let index), .poll(let index): if let position = displayed[index] { optionCounts[position] += 1 }
            case .multi(let indices): for index in indices { if let position = displayed[index] { optionCounts[position] += 1 } }
            case .truefalse(let value): if !trueFalse.isEmpty { trueFalse[value ? 1 : 0] += 1 }
            case .text, .number, .order: break
            }
        }
        if question.kind == .order { optionCounts = placedCounts(entry) }
        let rightCount = entry.awards.values.filter { $0.outcome == .correct }.count
        return RevealView(
            sequence: sequence, correct: revealedAnswer(entry), explanation: question.explanation,
            optionCounts: optionCounts, trueFalseCounts: trueFalse,
            answered: answered, rightCount: rightCount, media: question.revealMedia)
    }

    /// A player's own result on a revealed question, with their running score and rank.
    package func result(for id: PlayerID, sequence: Int) -> PlayerResult? {
        result(for: id, sequence: sequence, rank: standings.players.first { $0.player == id }?.rank)
    }

    /// The same with the rank already known.
    package func result(for id: PlayerID, sequence: Int, rank: Int?) -> PlayerResult? {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return nil }
        return result(for: id, in: asked[sequence], rank: rank)
    }

    /// Each listed player's own result on a revealed question, in the listed order, skipping ids
    /// that are not players: a reveal's 10,000 results read the question once, not once each.
    package func results(for ids: some Sequence<PlayerID>, sequence: Int, rank: (PlayerID) -> Int?) -> [(player: PlayerID, result: PlayerResult)] {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return [] }
        let entry = asked[sequence]
        var out: [(player: PlayerID, result: PlayerResult)] = []
        out.reserveCapacity(ids.underestimatedCount)
        for id in ids {
            if let result = result(for: id, in: entry, rank: rank(id)) { out.append((id, result)) }
        }
        return out
    }

    private func result(for id: PlayerID, in entry: AskedQuestion, rank: Int?) -> PlayerResult? {
        guard let score = players[id]?.score, let streak = players[id]?.streak else { return nil }
        let award = entry.awards[id]
        return PlayerResult(
            sequence: entry.sequence, answered: entry.answers[id] != nil || teamAnswerer(of: id, in: entry) != nil, outcome: award?.outcome, points: award?.points ?? 0,
            streakBonus: award?.streakBonus ?? 0, score: score, rank: rank, streak: streak,
            teamPoints: players[id]?.team.flatMap { entry.teamAwards[$0] })
    }

    /// `value` (as recorded, in pack option indices) as the player saw it on question `sequence`:
    /// in displayed, possibly shuffled, positions.
    package func displayedAnswer(_ value: AnswerValue, sequence: Int) -> AnswerValue {
        guard asked.indices.contains(sequence) else { return value }
        let permutation = asked[sequence].permutation
        let shown = { (index: Int) in permutation.firstIndex(of: index) ?? index }
        switch value {
        case .choice(let index): return .choice(shown(index))
        case .poll(let index): return .poll(shown(index))
        case .multi(let indices): return .multi(indices.map(shown).sorted())
        case .order(let indices): return .order(indices.map(shown))
        case .truefalse, .text, .number: return value
        }
    }

    /// The answer `id` locked in on question `sequence` (in team mode: their team's), as they saw it; nil if none.
    package func lockedAnswer(of id: PlayerID, sequence: Int) -> AnswerValue? {
        guard asked.indices.contains(sequence) else { return nil }
        let entry = asked[sequence]
        guard let recorded = entry.answers[id] ?? teamAnswerer(of: id, in: entry).flatMap({ entry.answers[$0] }) else { return nil }
        return displayedAnswer(recorded.value, sequence: sequence)
    }

    /// Team mode: the teammate whose answer is `id`'s team's on this question; nil otherwise.
    package func teamAnswerer(of id: PlayerID, in entry: AskedQuestion) -> PlayerID? {
        guard settings.teamMode, let team = entry.memberTeams?[id] ?? players[id]?.team, let by = entry.teamAnswers[team], by != id else { return nil }
        return by
    }

    /// A ranked player's place by score (1 + those strictly ahead) and how many are ranked, counted
    /// without sorting: a join in a running room of 10,000 needs only its own rank. It reads the table
    /// in place; copying each `Player` out cost most of such a join.
    package func provisionalRank(of id: PlayerID) -> (rank: Int, ranked: Int)? {
        guard let me = players[id], me.isRanked else { return nil }
        var ahead = 0, ranked = 0
        for slot in players.slots.indices {
            guard players.slots[slot]?.isRanked == true else { continue }
            ranked += 1
            if players.slots[slot]!.score > me.score { ahead += 1 }
        }
        return (ahead + 1, ranked)
    }

    /// Typed answers to a text question grouped by their comparison key, most common first,
    /// so the host can spot a reasonable answer worth accepting.
    package func typedAnswers(sequence: Int) -> [(text: String, count: Int, accepted: Bool)] {
        guard asked.indices.contains(sequence), case .text(let accepted) = question(asked[sequence]).content else { return [] }
        let entry = asked[sequence]
        let acceptedKeys = Set((accepted + entry.acceptedExtra).map(TextNormalizer.answerKey))
        var groups: [String: (text: String, count: Int)] = [:]
        for id in entry.answers.keys.sorted() {
            guard case .text(let text) = entry.answers[id]!.value else { continue }
            let key = entry.answers[id]!.textKey ?? TextNormalizer.answerKey(text)
            groups[key, default: (text, 0)].count += 1
        }
        return groups.map { (text: $0.value.text, count: $0.value.count, accepted: acceptedKeys.contains($0.key)) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
    }
}
