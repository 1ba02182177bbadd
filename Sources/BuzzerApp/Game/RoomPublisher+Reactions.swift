import BuzzerGame

extension RoomPublisher {
    /// The messages one event's reaction sends (`PublisherSend`), built from the room after the
    /// event; `event` is its index in the batch, for what waits until its line is durable.
    mutating func react(
        _ send: PublisherSend, event index: Int, in room: Room, _ attendance: Attendance<some Collection<PlayerID>>, now: GameInstant,
        into out: inout [Delivery]
    ) {
        switch send {
        case .nothing:
            break
        case .hostStatus:
            out.append(Delivery(audience: .everyoneButHost, message: .hostStatus(HostStatusPayload(connected: room.hostConnected))))
        case .joinAddress(let url):
            out.append(Delivery(audience: .screens, message: .joinAddress(JoinAddressPayload(joinURL: "\(url)/join/\(room.code)"))))
        case .kicked(let kicked):
            out.append(Delivery(audience: .player(kicked.player), message: .kicked(KickedPayload(ban: kicked.ban, reason: kicked.reason)),
                                timing: .whenDurable(event: index), thenClose: Delivery.Close(code: 4003, reason: "removed by the host")))
            out += Self.figures(room, attendance, scores: true).waiting(for: index)
        case .renamed(let renamed):
            out.append(Delivery(audience: .player(renamed.player), message: .renamed(RenamedPayload(nickname: renamed.nickname)),
                                timing: .whenDurable(event: index)))
            out += Self.figures(room, attendance, scores: false).waiting(for: index)
        case .teamRenamed(let renamed):
            for id in attendance.players where room.players[id]?.team == renamed.team {
                out.append(Delivery(audience: .player(id), message: .teamChanged(TeamChangedPayload(team: renamed.name))))
            }
            out += Self.figures(room, attendance, scores: false).waiting(for: index)
        case .teamsMerged(let merged):
            let name = room.teams[merged.into]?.name
            for id in attendance.players where room.players[id]?.team == merged.into {
                out.append(Delivery(audience: .player(id), message: .teamChanged(TeamChangedPayload(team: name))))
            }
            out += Self.figures(room, attendance, scores: true).waiting(for: index)
        case .playerMoved(let moved):
            out.append(Delivery(audience: .player(moved.player), message: .teamChanged(TeamChangedPayload(
                team: moved.team.flatMap { room.teams[$0]?.name }))))
            out += Self.figures(room, attendance, scores: true).waiting(for: index)
        case .figures(let scores):
            out += Self.figures(room, attendance, scores: scores).waiting(for: index)
        case .question:
            out += Self.question(room, attendance, now: now)
            // A wager round's stakes are placed while the question is read: the host sees who has not yet.
            if room.currentQuestion.map({ room.pack.rounds[$0.round].wager }) == true { pending.waiting = true }
        case .answersOpen(let opened):
            let deadline = room.currentQuestion?.deadline ?? opened.at
            out.append(Delivery(audience: .everyone, message: .answersOpen(AnswersOpenPayload(
                question: opened.sequence, serverTime: now, deadline: deadline))))
            if let view = room.kindLiveView { out.append(Delivery(audience: .everyone, message: ServerMessage(view))) }
        case .kindViewNow:
            pending.kindView = false
            if let view = room.kindLiveView { out.append(Delivery(audience: .everyone, message: ServerMessage(view))) }
        case .teamWager(let placed):
            // A team's stake is the team's: every member sees it, and who placed it.
            if let team = placed.team, let by = room.players[placed.player]?.nickname {
                out += Self.teammates(of: placed.player, team: team, in: room, attendance).map { id in
                    Delivery(audience: .player(id), message: .teamWager(TeamWagerPayload(question: placed.sequence, amount: placed.amount, by: by)))
                }
            }
        case .answerAck(let recorded):
            // Acknowledged once its line is durable: an acknowledged answer survives a crash.
            let locked = room.displayedAnswer(recorded.answer, sequence: recorded.sequence)
            out.append(Delivery(audience: .sender, message: .answerAck(AnswerAckPayload(question: recorded.sequence, durable: true, lockedIn: locked)),
                                timing: .whenDurable(event: index)))
            // Team mode: the first answer is the team's; its members' phones lock in with it.
            if room.settings.teamMode, let current = room.currentQuestion, current.sequence == recorded.sequence,
               let team = room.players[recorded.player]?.team, current.teamAnswers[team] == recorded.player,
               let by = room.players[recorded.player]?.nickname {
                out += Self.teammates(of: recorded.player, team: team, in: room, attendance).map { id in
                    Delivery(audience: .player(id), message: .teamAnswer(TeamAnswerPayload(question: recorded.sequence, by: by, lockedIn: locked)),
                             timing: .whenDurable(event: index))
                }
            }
        case .answersClosed(let closed):
            out.append(Delivery(audience: .everyone, message: .answersClosed(AnswersClosedPayload(question: closed.sequence, reason: closed.reason))))
        case .clock:
            if let view = room.questionView {
                out.append(Delivery(audience: .everyone, message: .clock(ClockPayload(
                    question: view.sequence, serverTime: now, opensAt: view.opensAt, deadline: view.deadline,
                    timeLimitMs: view.timeLimitMs, pausedLeftMs: view.pausedLeftMs, heldLeftMs: view.heldLeftMs))))
            }
        case .questionNotes:
            if let view = room.questionView {
                let notes = view.notes ?? []
                out.append(Delivery(audience: .everyoneButHost, message: .questionNotes(QuestionNotesPayload(question: view.sequence, notes: notes))))
                out.append(Delivery(audience: .host, message: .questionNotes(QuestionNotesPayload(
                    question: view.sequence, notes: notes, actions: room.hostQuestionView?.actions ?? []))))
            }
        case .skipped(let sequence):
            out.append(Delivery(audience: .everyone, message: .skipped(SkippedPayload(question: sequence))))
        case .states:
            out += Self.states(room, attendance, now: now).waiting(for: index)
        case .reveal(let revealed):
            out += Self.reveal(room, sequence: revealed.sequence, attendance, recorded: revealed.standings).waiting(for: index)
        case .rulingChanged(let sequence):
            // The reveal on show is redrawn; an earlier question's (accepted from a later screen)
            // moves only the figures that screen shows, and never takes the room back to its reveal.
            let onShow = room.phase == .revealed && room.currentQuestion?.sequence == sequence
            out += (onShow ? Self.reveal(room, sequence: sequence, attendance) : Self.figures(room, attendance, scores: true)).waiting(for: index)
        case .tiebreak:
            if let tiebreak = room.tiebreaks.last {
                let view = room.tiebreakView(tiebreak)
                out.append(Delivery(audience: .everyoneButHost, message: .tiebreak(TiebreakPayload(serverTime: now, tiebreak: view))))
                out.append(Delivery(audience: .host, message: .tiebreak(TiebreakPayload(serverTime: now, tiebreak: view, answer: tiebreak.answer))))
            }
        case .tiebreakAck(let answered):
            let by = room.players[answered.player]?.nickname ?? ""
            let ack = ServerMessage.tiebreakAck(TiebreakAckPayload(number: answered.number, value: answered.value, by: by))
            out.append(Delivery(audience: .sender, message: ack, timing: .whenDurable(event: index)))
            if let team = answered.team {
                out += Self.teammates(of: answered.player, team: team, in: room, attendance).map { Delivery(audience: .player($0), message: ack) }
            }
            if let tiebreak = room.tiebreaks.last, tiebreak.number == answered.number, !tiebreak.isOver {
                out.append(Delivery(audience: .screens, message: .tiebreak(TiebreakPayload(
                    serverTime: now, tiebreak: room.tiebreakView(tiebreak), answer: nil))))
            }
        case .tiebreakEnded(let number):
            if let result = room.tiebreakResult(number) {
                out.append(Delivery(audience: .everyone, message: ServerMessage(result), timing: .whenDurable(event: index)))
            }
            let standings = room.standings
            out.append(Delivery(audience: .everyone, message: .leaderboard(Self.leaderboard(standings, final: true)), timing: .whenDurable(event: index)))
            out += Self.standings(standings, attendance).waiting(for: index)
        case .breakShown:
            if let roomBreak = room.roomBreak {
                out.append(Delivery(audience: .everyone, message: .breakShown(BreakPayload(serverTime: now, break: roomBreak)),
                                    timing: .whenDurable(event: index)))
            }
        case .leaderboard(let final):
            let standings = room.standings
            out.append(Delivery(audience: .everyone, message: .leaderboard(Self.leaderboard(standings, final: final)), timing: .whenDurable(event: index)))
            out += Self.standings(standings, attendance).waiting(for: index)
        case .ended(let durable):
            let standings = room.standings
            if durable {
                out.append(Delivery(audience: .everyone, message: .ended(Self.ended(standings, in: room)), timing: .whenDurable(event: index)))
                out += Self.standings(standings, attendance).waiting(for: index)
            } else {
                out.append(Delivery(audience: .everyone, message: .ended(Self.ended(standings, in: room))))
                out += Self.standings(standings, attendance)
            }
        }
    }
}
