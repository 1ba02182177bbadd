extension Room {
    /// Runs due timers, then the command. Returns every event produced, already applied.
    /// A refused command throws and changes nothing, not even the due timers (the next
    /// `tick` emits them), so the caller logs exactly what it is returned.
    /// `limits` caps the host-driven kinds of event (`HostLimits`); a refusal past one logs nothing.
    package mutating func handle(_ command: RoomCommand, at now: GameInstant, limits: HostLimits = HostLimits()) throws(GameError) -> [RoomEvent] {
        guard let deadline = nextDeadline, deadline <= now else { return try execute(command, at: now, limits: limits) }
        // The timer's own `tick`, nearly every call that finds a deadline due, cannot be refused:
        // the timers run in place. A copy would make the first change to each of the room's
        // collections (a reveal scores every player) copy that collection whole.
        if case .tick = command { return runTimers(until: now) }
        // A command that arrived between a deadline and its timer is decided on the state the timers
        // leave; a refusal must undo them too, so only this race pays for a copy.
        var copy = self
        let timerEvents = copy.runTimers(until: now)
        let events = try copy.execute(command, at: now, limits: limits)
        self = copy
        return timerEvents + events
    }

    private mutating func execute(_ command: RoomCommand, at now: GameInstant, limits: HostLimits) throws(GameError) -> [RoomEvent] {
        var events = try decide(command, at: now)
        try checkHostLimits(events, limits)
        for position in events.indices { events[position] = applyRecording(events[position]) }
        // An answer, or a player gone for good, may leave nobody to wait for (a drop waits for its grace: `dueTimer`).
        let mayEndTheWait = switch command {
        case .answer, .leave: true
        case .hostCommand(let command): command.type.mayEndTheWait
        default: false
        }
        if mayEndTheWait, let close = allAnsweredClose(at: now) { events.append(applyRecording(close)) }
        if case .tiebreakAnswer = command, let tiebreak = tiebreaks.last, !tiebreak.isOver,
           tiebreak.competitors.allSatisfy({ tiebreak.answers[$0] != nil }) {
            events.append(applyRecording(.tiebreakEnded(TiebreakEnded(at: now, number: tiebreak.number, reason: .allAnswered))))
        }
        return events
    }

    /// Validates a command against the current state; pure.
    package func decide(_ command: RoomCommand, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        if case .tick = command { return [] }
        if phase == .ended { return try decideAfterEnd(command, at: now) }
        if phase == .onBreak, let refusal = breakRefusal(command) { throw refusal }
        switch command {
        case .tick:
            return []
        case .hostCommand(let command):
            return try command.base.decide(in: self, at: now)
        case let .playerCommand(id, command, rtt):
            guard let command = command.base as? any PlayerClientCommand else { return try command.base.decide(in: self, at: now) }
            return try command.decide(by: id, rttMs: rtt, in: self, at: now)
        case let .tiebreakAnswer(id, value, writtenAt, rtt):
            return [try decideTiebreakAnswer(id, value: value, writtenAt: writtenAt, rttMs: rtt, at: now)]
        case .hostDisconnected:
            return hostConnected ? [.hostDisconnected(HostDisconnected(at: now))] : []
        case .hostReconnect(let tokenHash):
            guard tokenHash == hostTokenHash else { throw .notHost }
            return [.hostReconnected(HostReconnected(at: now))]
        case .setJoinAddress(let address):
            if let problem = address.problem() { throw .invalidSettings("join address: \(problem)") }
            return address == joinAddress ? [] : [.joinAddressSet(JoinAddressSet(at: now, address: address))]
        case .join(let request):
            return try decideJoin(request, at: now)
        case let .resume(tokenHash, newTokenHash):
            let player = try resumablePlayer(tokenHash, at: now, graceApplies: true)
            return [.playerReconnected(PlayerReconnected(at: now, player: player.id, resumeTokenHash: newTokenHash ?? tokenHash))]
        case .playerDisconnected(let id):
            guard let player = players[id] else { throw .unknownPlayer }
            return player.status == .connected ? [.playerDisconnected(PlayerDisconnected(at: now, player: id))] : []
        case .leave(let id):
            guard let player = players[id] else { throw .unknownPlayer }
            guard player.status == .connected || player.status == .away else { return [] }
            return [.playerLeft(PlayerLeft(at: now, player: id))]
        case let .answer(id, submission):
            // A kind may take an answer itself (a floor holder's typed answer): its module says.
            if let last = asked.indices.last, let events = try kind(ofAskedAt: last).module.decideAnswer(by: id, submission, in: self, at: now) {
                return events
            }
            return [try decideAnswer(id, submission, at: now)]
        case let .wager(id, sequence, amount):
            return [try decideWager(id, sequence: sequence, amount: amount, at: now)]
        case .displayConnected:
            return [.displayConnected(DisplayConnected(at: now))]
        case .displayDisconnected:
            return displayCount > 0 ? [.displayDisconnected(DisplayDisconnected(at: now))] : []
        }
    }

    /// After the end: the podium stays reachable while the server keeps the ended room, so the host, a
    /// projector and every player may come back to it. Nothing changes, so nothing is logged, and a resume
    /// keeps its token. Every command is listed: a new one must say what it does to an ended room.
    private func decideAfterEnd(_ command: RoomCommand, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        switch command {
        case .tick, .hostDisconnected, .playerDisconnected, .displayDisconnected, .displayConnected: return []
        case .hostReconnect(let tokenHash):
            guard tokenHash == hostTokenHash else { throw .notHost }
            return []
        case .resume(let tokenHash, _):
            _ = try resumablePlayer(tokenHash, at: now, graceApplies: false)
            return []
        // The game is over, not gone: a host command is a phase mistake like any other
        // (docs/protocol-client.md). `room_ended` is for those trying to enter or play.
        case .hostCommand(let command):
            throw command.base.refusalAfterEnd(in: self)
        // The join address is the app's choice, refused as it always was.
        case .playerCommand(_, let command, _):
            throw command.base.refusalAfterEnd(in: self)
        case .setJoinAddress, .join, .leave, .answer, .wager, .tiebreakAnswer:
            throw .roomEnded
        }
    }

    // MARK: - Answers and wagers

    private func decideAnswer(_ id: PlayerID, _ submission: AnswerSubmission, at now: GameInstant) throws(GameError) -> RoomEvent {
        let player = try activePlayer(id)
        guard let current = currentQuestion, phase != .lobby else { throw .badPhase(command: RoomCommand.answer(id, submission).name, phase: phase) }
        guard submission.question == current.sequence else {
            throw .wrongQuestion(expected: current.sequence, got: submission.question)
        }
        if current.answers[id] != nil && !settings.allowAnswerChange { throw .alreadyAnswered }
        if settings.teamMode, let team = player.team, let by = current.teamAnswers[team], by != id {
            throw .teamAnswered(by: players[by]?.nickname ?? "a teammate")
        }
        if !isAcceptingAnswers {
            if current.closeReason == .deadline && !current.takesAnswers(at: now) { throw .lateAnswer(byMs: now.minus(current.deadline)) }
            throw .questionClosed
        }
        if current.isPaused { throw .paused }
        if now < current.opensAt { throw .answersNotOpen }
        if !current.takesAnswers(at: now) { throw .lateAnswer(byMs: now.minus(current.deadline)) }
        if player.firstQuestion > current.sequence { throw .questionClosed }
        let value = try canonicalAnswer(submission.value, for: current)
        let measured = Scoring.responseTime(
            receivedAt: now, writtenAt: submission.writtenAt, opensAt: current.opensAt,
            rttMs: submission.rttMs, rttCapMs: settings.rttCompensationCapMs)
        // Time with the clock stopped after this player's start is nobody's response time.
        let responseMs = max(0, measured - current.stoppedMs(after: max(submission.writtenAt, current.opensAt)))
        return .answerRecorded(AnswerRecorded(at: now, sequence: current.sequence, player: id, answer: value, responseMs: responseMs))
    }

    /// Checks an answer fits the question and maps displayed option positions to pack indices.
    func canonicalAnswer(_ value: AnswerValue, for current: AskedQuestion) throws(GameError) -> AnswerValue {
        let question = question(current)
        guard value.shape == question.kind.module.answerShape else { throw question.kind.module.wrongShape(value) }
        return try question.kind.module.canonicalAnswer(value, content: question.content, permutation: current.permutation, settings: settings)
    }

    /// Closes the question early once every player who may answer has answered, a dropped one
    /// counting until `dropGraceMs` after the drop (game-rules.md, "Closing early").
    func allAnsweredClose(at now: GameInstant) -> RoomEvent? {
        guard let current = currentQuestion, let due = allAnsweredAt(), due <= now else { return nil }
        return .answersClosed(AnswersClosed(at: now, sequence: current.sequence, reason: .allAnswered))
    }

    /// When the open question may close because everyone answered: now (`.min`) when nobody is
    /// left to wait for, the last dropped player's grace end when only drops are unanswered, nil
    /// while a connected player still may answer (or the room does not close early).
    func allAnsweredAt() -> GameInstant? {
        // A kind may say its answers are not the end of it (a buzz question's marks are).
        guard settings.closeWhenAllAnswered, !settings.allowAnswerChange, isAcceptingAnswers, let current = currentQuestion,
              kind(ofAskedAt: asked.count - 1).module.closesWhenAllAnswered(current),
              connectedCount > 0, settings.teamMode || current.answers.count >= connectedCount else { return nil }
        var due = GameInstant.min
        for player in players.values {
            if player.firstQuestion > current.sequence || current.answers[player.id] != nil { continue }
            if settings.teamMode, player.team.map({ current.teamAnswers[$0] != nil }) == true { continue }
            switch player.status {
            case .connected: return nil
            // Only a drop during this question is waited for; one from before it is not.
            case .away: if let since = player.awaySince, since >= current.shownAt { due = max(due, since.plus(settings.dropGraceMs)) }
            case .left, .kicked: continue
            }
        }
        return due
    }

    private func decideWager(_ id: PlayerID, sequence: Int, amount: Int, at now: GameInstant) throws(GameError) -> RoomEvent {
        let player = try activePlayer(id)
        guard let current = currentQuestion, phase != .lobby else { throw .badPhase(command: RoomCommand.wager(id, question: sequence, amount: amount).name, phase: phase) }
        guard sequence == current.sequence else { throw .wrongQuestion(expected: current.sequence, got: sequence) }
        guard pack.rounds[current.round].wager else { throw .notWagerRound }
        guard isAcceptingAnswers, current.takesAnswers(at: now) else { throw .questionClosed }
        if current.isPaused { throw .paused }
        let competitor: Competitor = player.team.map(Competitor.team) ?? .player(id)
        let max = maxWager(for: competitor, question: question(current))
        guard (0...max).contains(amount) else { throw .invalidWager(max: max) }
        // A team has one stake: whoever placed it may change it; a teammate is told, not overwritten.
        if let by = current.wagerBy[competitor], by != id, let placed = current.wagers[competitor] {
            throw .teamWagerPlaced(amount: placed, by: players[by]?.nickname ?? "a teammate")
        }
        return .wagerPlaced(WagerPlaced(at: now, sequence: sequence, player: id, team: player.team, amount: amount))
    }

    /// A competitor may stake up to its current standing, or one full question's points
    /// (1000 × multiplier in speed mode, 1 × multiplier in flat) if that is more, so a
    /// team on zero can still play.
    package func maxWager(for competitor: Competitor, question: Question) -> Int {
        let floor = settings.scoring == .speed ? 1000 * max(question.points, 1) : max(question.points, 1)
        let current: Int
        switch competitor {
        case .player(let id): current = players[id]?.score ?? 0
        case .team(let team): current = teamScore(team)
        }
        // Capped, so that stakes doubling a score question after question cannot grow it without end.
        return min(max(current, floor), InputBounds.wager.upperBound)
    }

    func activePlayer(_ id: PlayerID) throws(GameError) -> Player {
        guard let player = players[id] else { throw .unknownPlayer }
        switch player.status {
        case .kicked: throw .kicked
        case .left: throw .unknownPlayer
        case .connected, .away: return player
        }
    }
}
