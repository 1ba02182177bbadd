/// Buzz questions: presses, false starts, the floor and the host's marks (docs/kinds-buzz.md).
/// The clock and the RTT come in with the command, as for answers, so the room stays pure and a
/// replay rebuilds the same queue.
extension Room {
    /// `buzz`: a press that counts once the buzzers are open, or a false start before.
    func decideBuzz(_ id: PlayerID, question sequence: Int, rttMs: GameDuration, at now: GameInstant) throws(GameError) -> RoomEvent {
        let player = try activePlayer(id)
        guard let current = currentQuestion, isAcceptingAnswers || phase == .closed else {
            throw .badPhase(command: BuzzCommand.title, phase: phase)
        }
        guard sequence == current.sequence else { throw .wrongQuestion(expected: current.sequence, got: sequence) }
        let content = question(current).content
        guard case let buzz? = content.buzz else {
            throw .invalidAnswer("this is a \(content.kind.rawValue) question, not a buzz: answer it instead")
        }
        if player.firstQuestion > current.sequence { throw .questionClosed }
        let team = settings.teamMode ? player.team : nil
        let competitor = team.map(Competitor.team) ?? .player(id)
        if current.buzz.lockedOut.contains(competitor) { throw .lockedOut }
        if current.buzz.hasPressed(competitor) {
            if let team, let by = current.teamAnswers[team], by != id { throw .teamAnswered(by: players[by]?.nickname ?? "a teammate") }
            throw .alreadyAnswered
        }
        if current.isPaused { throw .paused }
        if phase == .reading {
            // Without a lockout a false start only warns; once per player, so a phone cannot fill the log.
            if !buzz.falseStartLockout && current.buzz.falseStarts.contains(id) { throw .answersNotOpen }
            return BuzzFalseStart(at: now, sequence: sequence, player: id, team: team, lockedOut: buzz.falseStartLockout).event
        }
        guard phase == .open, current.takesAnswers(at: now) else { throw .questionClosed }
        let rtt = min(max(rttMs, 0), InputBounds.duration.upperBound)
        // Never before the buzzers opened: a press corrected past the opening would beat every honest one.
        // Never after it arrived either: a question reopened before it opened is open before its `opensAt`.
        let pressedAt = min(now, max(current.opensAt, now.minus(Scoring.rttCompensation(rttMs: rtt, capMs: settings.rttCompensationCapMs))))
        return BuzzPressed(at: now, sequence: sequence, player: id, team: team, rttMs: rtt, pressedAt: pressedAt).event
    }

    /// `open_buzzers`: ends the reading time now, for a question of any kind; a buzz question that
    /// opens on the host's word waits for it.
    func decideOpenBuzzers(at now: GameInstant) throws(GameError) -> RoomEvent {
        guard phase == .reading, let current = currentQuestion else { throw .badPhase(command: OpenBuzzersCommand.title, phase: phase) }
        if current.isPaused { throw .paused }
        return .answersOpened(AnswersOpened(at: now, sequence: current.sequence))
    }

    /// An `answer` typed by the floor holder of a buzz question that has accepted answers: marked
    /// against them as a text answer is (`TextNormalizer.answerKey`), then as `mark_buzz` would.
    /// nil for every other answer, which the usual rules take.
    func decideTypedBuzz(_ id: PlayerID, _ submission: AnswerSubmission, at now: GameInstant) throws(GameError) -> [RoomEvent]? {
        guard let current = currentQuestion, submission.question == current.sequence, case .text(let typed) = submission.value,
              case let buzz? = question(current).content.buzz, !buzz.accepted.isEmpty else { return nil }
        _ = try activePlayer(id)
        guard current.buzz.floor == id else { throw .noFloor }
        let text = try TypedText.trimmed(typed, maxLength: settings.maxTextAnswerLength)
        let keys = Set((buzz.accepted + current.acceptedExtra).map(TextNormalizer.answerKey))
        return try decideMarkBuzz(right: keys.contains(TextNormalizer.answerKey(text)), typed: text, at: now)
    }

    /// `mark_buzz`: the floor holder's answer. Right scores and ends the question (closed and
    /// revealed, as `reveal` does); wrong locks them (or their team) out and passes the floor on.
    /// `typed`: the floor holder's own typed answer, logged with the mark.
    func decideMarkBuzz(right: Bool, typed: String? = nil, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let current = currentQuestion, isAcceptingAnswers || phase == .closed else {
            throw .badPhase(command: MarkBuzzCommand.title, phase: phase)
        }
        guard let holder = current.buzz.floor else { throw .noFloor }
        let marked = BuzzMarked(at: now, sequence: current.sequence, player: holder, right: right, text: typed).event
        if right {
            var events = [marked]
            if isAcceptingAnswers { events.append(.answersClosed(AnswersClosed(at: now, sequence: current.sequence, reason: .host))) }
            events.append(.questionRevealed(QuestionRevealed(at: now, sequence: current.sequence)))
            return events
        }
        var after = self
        after.apply(marked)
        guard let due = after.buzzFloorDue(), due <= now, let next = after.buzzFloorEvent(at: now) else { return [marked] }
        return [marked, next]
    }

    /// How long the first press of a run waits before the floor is given: the most any later press
    /// can be corrected by (the RTT cap) plus the tie window, so no fairer press can still arrive.
    func buzzSettleMs(_ buzz: BuzzQuestion) -> GameDuration {
        settings.rttCompensationCapMs.plus(GameDuration(buzz.tieWindowMs))
    }

    /// When the floor timer fires; nil when no press waits or the floor is held.
    package func buzzFloorDue() -> GameInstant? { currentQuestion.flatMap(buzzFloorDue) }

    /// The same for `current`, the current question (`BuzzKind.timerDue`).
    func buzzFloorDue(_ current: AskedQuestion) -> GameInstant? {
        guard phase == .open || phase == .closed, let queue = current.kindState(as: BuzzQueue.self), !queue.presses.isEmpty,
              case let buzz? = question(current).content.buzz else { return nil }
        return queue.floorDue(settleMs: buzzSettleMs(buzz))
    }

    /// The floor for the first waiting press in the fair order; nil when none waits.
    func buzzFloorEvent(at now: GameInstant) -> RoomEvent? {
        guard let current = currentQuestion, case let buzz? = question(current).content.buzz,
              let next = current.buzz.nextInLine(tieWindowMs: buzz.tieWindowMs) else { return nil }
        return BuzzFloor(at: now, sequence: current.sequence, player: next.player).event
    }

    // MARK: - Folding

    /// The current question's position and buzz content when it is question `sequence` and a buzz
    /// question: where a buzz event folds (`BuzzPressed.apply` and the rest); nil otherwise.
    func buzzPosition(_ sequence: Int) -> (position: Int, buzz: BuzzQuestion)? {
        guard let last = asked.indices.last, asked[last].sequence == sequence, case let buzz? = question(asked[last]).content.buzz else { return nil }
        return (last, buzz)
    }

    /// Writes each press's place, tie and mark into its recorded answer, so exports and timelines show them.
    mutating func placeBuzzes(_ position: Int, tieWindowMs: Int) {
        let queue = asked[position].buzz
        for placed in queue.order(tieWindowMs: tieWindowMs) {
            let press = queue.presses[placed.index]
            asked[position].answers[press.player]?.value = .press(ButtonPress(place: placed.place, tie: placed.tie, right: press.right))
        }
    }
}
