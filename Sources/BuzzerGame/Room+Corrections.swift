extension Room {
    /// Checks a correction against this finished game and returns the `game_corrected` event that
    /// makes it, stamped with the standings it leads to. Nothing changes until the event is applied.
    package func correct(
        _ correction: GameCorrection, reason: String, by author: CorrectionAuthor, at now: GameInstant
    ) throws(CorrectionError) -> GameCorrected {
        guard phase == .ended, endReason == .finished || endReason == .hostEnded else { throw .gameNotFinished }
        let trimmed = reason.trimmingWhitespace
        guard GameCorrected.reasonLength.contains(trimmed.count), trimmed.utf8.count <= InputBounds.Bytes.text else { throw .invalidReason }
        if let problem = GameCorrected.controlCharacterProblem(trimmed) { throw problem }
        if let problem = correctionProblem(correction) { throw problem }
        var event = GameCorrected(at: now, game: createdAt, correction: correction, reason: trimmed, by: author)
        var after = self
        after.applyCorrection(event)
        event.standings = after.standings.recorded
        return event
    }

    /// Why `correction` does not fit this game; nil when it does. Replay asks the same of a logged one.
    func correctionProblem(_ correction: GameCorrection) -> CorrectionError? {
        if let sequence = correction.sequence {
            guard asked.indices.contains(sequence), asked[sequence].wasRevealed || asked[sequence].isRevealed else {
                return .unknownQuestion(sequence + 1)
            }
        }
        switch correction {
        case .answerKey(let sequence, let content):
            let old = question(asked[sequence]).content
            guard content.kind == old.kind, content.options == old.options else {
                return .doesNotFit("a correction changes the answer only: the question's kind and options stay as they were asked")
            }
            guard old.kind.module.isScored(old) else { return .doesNotFit("a poll has no right answer to correct") }
            var issues = PackIssueCollector(limits: QuestionPackLimits())
            content.kind.module.check(content, at: "answer", into: &issues)
            if let first = issues.errors.first { return .doesNotFit("the new answer is not valid: \(first)") }
        case .ruling(let sequence, let player, _):
            guard players[player] != nil else { return .unknownPlayer(player.rawValue) }
            guard asked[sequence].answers[player] != nil else { return .doesNotFit("player \(player.rawValue) did not answer question \(sequence + 1)") }
            let content = question(asked[sequence]).content
            guard content.kind.module.isScored(content) else { return .doesNotFit("a poll has no right answer to rule on") }
        case .void:
            break
        case .adjust(let player, let team, let delta):
            guard (player == nil) != (team == nil), delta != 0, InputBounds.adjustment.contains(delta) else { return .invalidAdjustment }
            if let player, players[player] == nil { return .unknownPlayer(player.rawValue) }
            if let team, teams[team] == nil { return .unknownTeam(team.rawValue) }
        }
        return nil
    }

    /// Applies a checked correction and scores the game again from its inputs.
    mutating func applyCorrection(_ event: GameCorrected) {
        switch event.correction {
        case .answerKey(let sequence, let content):
            let entry = asked[sequence]
            if entry.contentAsAsked == nil { asked[sequence].contentAsAsked = question(entry).content }
            pack.rounds[entry.round].questions[entry.index].content = content
        case .ruling(let sequence, let player, let right):
            asked[sequence].answers[player]?.ruling = right
        case .void(let sequence):
            asked[sequence].voided = true
        case .adjust(let player, let team, let delta):
            recordAdjustment(ScoreAdjusted(at: event.at, player: player, team: team, delta: delta, reason: event.reason))
        }
        recomputeScores()
    }
}
