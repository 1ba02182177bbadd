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
            heldLeftMs: entry.heldLeftMs,
            media: question.media, plain: question.kind.module.writesPlainNumbers(question.content) ? true : nil,
            figures: question.kind.module.figures(question.content),
            notes: RoomMechanics.notes(entry, question).nilIfEmpty)
    }

    /// The current question with its answer, for the host only.
    package var hostQuestionView: HostQuestionView? {
        guard let current = currentQuestion, phase != .lobby, phase != .ended, phase != .onBreak else { return nil }
        let question = question(current)
        return HostQuestionView(
            question: view(of: current), correct: revealedAnswer(current), explanation: question.explanation,
            answered: current.answers.count, connectedPlayers: connectedCount,
            actions: RoomMechanics.actions(current, question, phase: phase).nilIfEmpty)
    }

    /// The right answer of an asked question in its displayed option positions.
    func revealedAnswer(_ entry: AskedQuestion) -> RevealedAnswer {
        let content = question(entry).content
        return content.kind.module.revealedAnswer(content, permutation: entry.permutation, acceptedExtra: entry.acceptedExtra)
    }

    /// The reveal of a question; nil until it is revealed.
    package func revealView(sequence: Int) -> RevealView? {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return nil }
        let entry = asked[sequence]
        let question = question(entry)
        var answered = 0
        for (id, _) in entry.answers where isRanked(id) { answered += 1 }
        let counts = question.kind.module.revealCounts(question.content, entry: entry, isRanked: isRanked)
        let rightCount = entry.awards.values.filter { $0.outcome == .correct }.count
        var groups = question.kind.module.answerGroups(question.content, entry: entry, isRanked: isRanked)
        if let all = groups?.groups, all.count > AnswerGroups.revealedCount {
            groups?.groups = Array(all.prefix(AnswerGroups.revealedCount))
            groups?.more = all.count - AnswerGroups.revealedCount
        }
        return RevealView(
            sequence: sequence, correct: revealedAnswer(entry), explanation: question.explanation,
            optionCounts: counts.options, trueFalseCounts: counts.trueFalse,
            answered: answered, rightCount: rightCount, media: question.revealMedia,
            pins: question.kind.module.revealPins(question.content, entry: entry, isRanked: isRanked, nickname: { players[$0]?.nickname }),
            groups: groups,
            closest: question.kind.module.revealGuesses(question.content, entry: entry, isRanked: isRanked, nickname: { players[$0]?.nickname }))
    }

    /// The groups of a question's answers by key, for each player's own (nil for kinds without groups).
    private func groupsByKey(_ entry: AskedQuestion) -> [String: AnswerGroup]? {
        let question = question(entry)
        guard let groups = question.kind.module.answerGroups(question.content, entry: entry, isRanked: isRanked) else { return nil }
        return Dictionary(groups.groups.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// While a survey runs, its groups so far, for the host to merge; nil for other kinds.
    package func liveGroups(sequence: Int) -> [AnswerGroup]? {
        guard asked.indices.contains(sequence) else { return nil }
        let question = question(asked[sequence])
        return question.kind.module.answerGroups(question.content, entry: asked[sequence], isRanked: isRanked)?.groups
    }

    /// A player's own result on a revealed question, with their running score and rank.
    package func result(for id: PlayerID, sequence: Int) -> PlayerResult? {
        result(for: id, sequence: sequence, rank: standings.players.first { $0.player == id }?.rank)
    }

    /// The same with the rank already known.
    package func result(for id: PlayerID, sequence: Int, rank: Int?) -> PlayerResult? {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return nil }
        return result(for: id, in: asked[sequence], rank: rank, groups: groupsByKey(asked[sequence]), places: guessPlaces(asked[sequence]))
    }

    /// Each listed player's own result on a revealed question, in the listed order, skipping ids
    /// that are not players: a reveal's 10,000 results read the question once, not once each.
    package func results(for ids: some Sequence<PlayerID>, sequence: Int, rank: (PlayerID) -> Int?) -> [(player: PlayerID, result: PlayerResult)] {
        guard asked.indices.contains(sequence), asked[sequence].isRevealed else { return [] }
        let entry = asked[sequence]
        let groups = groupsByKey(entry), places = guessPlaces(entry)
        var out: [(player: PlayerID, result: PlayerResult)] = []
        out.reserveCapacity(ids.underestimatedCount)
        for id in ids {
            if let result = result(for: id, in: entry, rank: rank(id), groups: groups, places: places) { out.append((id, result)) }
        }
        return out
    }

    /// Each ranked guess's place on a number question, worked out once per question (nil for other kinds).
    private func guessPlaces(_ entry: AskedQuestion) -> [PlayerID: Int]? {
        let question = question(entry)
        return question.kind.module.guessPlaces(question.content, entry: entry, isRanked: isRanked)
    }

    private func result(for id: PlayerID, in entry: AskedQuestion, rank: Int?, groups: [String: AnswerGroup]?, places: [PlayerID: Int]?) -> PlayerResult? {
        guard let score = players[id]?.score, let streak = players[id]?.streak else { return nil }
        let award = entry.awards[id]
        let answer = groups == nil ? nil : entry.answers[id] ?? teamAnswerer(of: id, in: entry).flatMap { entry.answers[$0] }
        let group = answer.flatMap { recorded in
            (recorded.textKey ?? question(entry).kind.module.comparisonKey(recorded.value)).flatMap { groups?[entry.group(of: $0)] }
        }
        return PlayerResult(
            sequence: entry.sequence, answered: entry.answers[id] != nil || teamAnswerer(of: id, in: entry) != nil, outcome: award?.outcome, points: award?.points ?? 0,
            streakBonus: award?.streakBonus ?? 0, score: score, rank: rank, streak: streak,
            teamPoints: players[id]?.team.flatMap { entry.teamAwards[$0] }, group: group,
            place: places.flatMap { places in places[id] ?? teamAnswerer(of: id, in: entry).flatMap { places[$0] } })
    }

    /// `value` (as recorded, in pack option indices) as the player saw it on question `sequence`:
    /// in displayed, possibly shuffled, positions.
    package func displayedAnswer(_ value: AnswerValue, sequence: Int) -> AnswerValue {
        guard asked.indices.contains(sequence) else { return value }
        return question(asked[sequence]).kind.module.displayedAnswer(value, permutation: asked[sequence].permutation)
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
    /// so the host can spot a reasonable answer worth accepting; `byHost`: accepted during the game, so
    /// `reject` can take it back.
    package func typedAnswers(sequence: Int) -> [(text: String, count: Int, accepted: Bool, byHost: Bool)] {
        guard asked.indices.contains(sequence), let accepted = question(asked[sequence]).content.acceptedAnswers else { return [] }
        let entry = asked[sequence]
        let packKeys = Set(accepted.map(TextNormalizer.answerKey)), hostKeys = Set(entry.acceptedExtra.map(TextNormalizer.answerKey))
        let module = question(entry).kind.module
        var groups: [String: (text: String, count: Int)] = [:]
        for id in entry.answers.keys.sorted() {
            let recorded = entry.answers[id]!
            guard let key = recorded.textKey ?? module.comparisonKey(recorded.value) else { continue }
            groups[key, default: (module.answerText(recorded.value, tiles: []), 0)].count += 1
        }
        return groups.map { key, group in
            (text: group.text, count: group.count, accepted: packKeys.contains(key) || hostKeys.contains(key),
             byHost: hostKeys.contains(key) && !packKeys.contains(key))
        }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
    }
}
