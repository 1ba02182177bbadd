import BuzzerGame

/// Decides who gets which message when a room changes: from the room (after its new events),
/// those events, who is attached and the time, the list of deliveries. No I/O and no clock.
///
/// Its one piece of state coalesces the lobby-like updates (`lobby`, `players`, `answer_count`, and
/// the console's `display_sound`):
/// `publish` marks them pending and asks once for a flush; the runtime's timer calls `flush`
/// `rooms.lobbyUpdateMilliseconds` later, which sends each pending update once. A 2,000-player
/// room answering within a second then gets a few counts, not 2,000.
package struct RoomPublisher: Sendable, Equatable {
    /// Coalesced updates waiting for the next flush.
    package struct Pending: Sendable, Equatable {
        package var lobby = false
        package var players = false
        package var answerCount = false
        /// A buzz question's queue after presses: a burst of presses sends it a few times, not once per press.
        package var buzz = false
        /// The host's `waiting` alone: a wager round's stakes moved (nobody answered, so no new count).
        package var waiting = false
        /// A projector came, went or turned its sound on or off: the console's `display_sound`.
        package var displaySound = false
    }

    /// What one batch of events causes.
    package struct Publication: Sendable, Equatable {
        package var deliveries: [Delivery]
        /// Start the flush timer: updates are pending and no flush was asked for yet.
        package var scheduleFlush: Bool
    }

    private(set) var pending = Pending()
    private(set) var flushScheduled = false

    package init() {}

    /// The deliveries for `events`, which `room` already contains, in the order they must be sent.
    package mutating func publish(
        _ events: [RoomEvent], in room: Room, to attendance: Attendance<some Collection<PlayerID>>, now: GameInstant
    ) -> Publication {
        var out: [Delivery] = []
        for (index, event) in events.enumerated() {
            switch event {
            case .roomCreated, .teamCreated:
                break
            case .wagerPlaced(let placed):
                pending.waiting = true  // the host's list of stakes
                // A team's stake is the team's: every member sees it, and who placed it.
                if let team = placed.team, let by = room.players[placed.player]?.nickname {
                    out += Self.teammates(of: placed.player, team: team, in: room, attendance).map { id in
                        Delivery(audience: .player(id), message: .teamWager(TeamWagerPayload(question: placed.sequence, amount: placed.amount, by: by)))
                    }
                }
            case .hostDisconnected, .hostReconnected:
                out.append(Delivery(audience: .everyoneButHost, message: .hostStatus(HostStatusPayload(connected: room.hostConnected))))
            case .roomLockChanged, .displayConnected, .displayDisconnected:
                pending.lobby = true
            case .joinAddressSet(let set):
                // The host console and the projectors show the new address and QR code at once.
                out.append(Delivery(audience: .screens, message: .joinAddress(JoinAddressPayload(joinURL: "\(set.url)/join/\(room.code)"))))
            case .playerJoined:
                pending.lobby = true
                pending.players = true
            case .playerDisconnected, .playerReconnected, .playerLeft:
                pending.lobby = true
                pending.players = true
                pending.answerCount = true  // the host's "not answered yet" marks a drop, and drops one who left
            case .playerKicked(let kicked):
                out.append(Delivery(audience: .player(kicked.player), message: .kicked(KickedPayload(ban: kicked.ban, reason: kicked.reason)),
                                    timing: .whenDurable(event: index), thenClose: Delivery.Close(code: 4003, reason: "removed by the host")))
                pending.lobby = true
                pending.players = true
                pending.answerCount = true
                out += Self.figures(room, attendance, scores: true).waiting(for: index)
            case .scoreAdjusted:
                pending.players = true
                out += Self.figures(room, attendance, scores: true).waiting(for: index)
            case .playerRenamed(let renamed):
                out.append(Delivery(audience: .player(renamed.player), message: .renamed(RenamedPayload(nickname: renamed.nickname)),
                                    timing: .whenDurable(event: index)))
                pending.players = true
                pending.answerCount = true
                out += Self.figures(room, attendance, scores: false).waiting(for: index)
            case .teamRenamed(let renamed):
                for id in attendance.players where room.players[id]?.team == renamed.team {
                    out.append(Delivery(audience: .player(id), message: .teamChanged(TeamChangedPayload(team: renamed.name))))
                }
                pending.players = true
                pending.answerCount = true
                out += Self.figures(room, attendance, scores: false).waiting(for: index)
            case .teamsMerged(let merged):
                let name = room.teams[merged.into]?.name
                for id in attendance.players where room.players[id]?.team == merged.into {
                    out.append(Delivery(audience: .player(id), message: .teamChanged(TeamChangedPayload(team: name))))
                }
                pending.players = true
                pending.answerCount = true
                out += Self.figures(room, attendance, scores: true).waiting(for: index)
            case .playerMoved(let moved):
                out.append(Delivery(audience: .player(moved.player), message: .teamChanged(TeamChangedPayload(
                    team: moved.team.flatMap { room.teams[$0]?.name }))))
                pending.players = true
                pending.answerCount = true
                out += Self.figures(room, attendance, scores: true).waiting(for: index)
            case .questionShown:
                out += Self.question(room, attendance, now: now)
                // A wager round's stakes are placed while the question is read: the host sees who has not yet.
                if room.currentQuestion.map({ room.pack.rounds[$0.round].wager }) == true { pending.waiting = true }
            case .answersOpened(let opened):
                pending.answerCount = true  // the host's first list of who has not answered
                let deadline = room.currentQuestion?.deadline ?? opened.at
                out.append(Delivery(audience: .everyone, message: .answersOpen(AnswersOpenPayload(
                    question: opened.sequence, serverTime: now, deadline: deadline))))
                if let buzz = room.buzzView { out.append(Delivery(audience: .everyone, message: .buzz(buzz))) }
            case .buzzPressed, .buzzFalseStart:
                // A hundred tables press within a second: the queue goes out coalesced, like the answer count.
                pending.buzz = true
                pending.answerCount = true
            case .buzzFloor, .buzzMarked:
                // Every screen redraws the queue at once: the projector's floor, each phone's place, the console's marks.
                pending.buzz = false
                if let buzz = room.buzzView { out.append(Delivery(audience: .everyone, message: .buzz(buzz))) }
                pending.answerCount = true
            case .answerRecorded(let recorded):
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
                pending.answerCount = true
            case .answersClosed(let closed):
                out.append(Delivery(audience: .everyone, message: .answersClosed(AnswersClosedPayload(
                    question: closed.sequence, reason: closed.reason))))
            case .clockPaused, .clockResumed, .timeAdded:
                if let view = room.questionView {
                    out.append(Delivery(audience: .everyone, message: .clock(ClockPayload(
                        question: view.sequence, serverTime: now, opensAt: view.opensAt, deadline: view.deadline,
                        timeLimitMs: view.timeLimitMs, pausedLeftMs: view.pausedLeftMs))))
                }
            case .questionSkipped(let skipped):
                out.append(Delivery(audience: .everyone, message: .skipped(SkippedPayload(question: skipped.sequence))))
            case .answersReopened, .revealUndone:
                // Rare and drastic: every screen starts again from the whole state, as after a reload.
                out += Self.states(room, attendance, now: now).waiting(for: index)
                pending.players = true
                pending.answerCount = true
            case .questionRevealed(let revealed):
                out += Self.reveal(room, sequence: revealed.sequence, attendance, recorded: revealed.standings).waiting(for: index)
                // Scores moved: the host's and the projector's player lists follow.
                pending.players = true
            case .answersMerged:
                pending.answerCount = true  // the host's `waiting` carries the groups
            case .answerAccepted(let accepted), .answerRejected(let accepted):
                // The reveal on show is redrawn; an earlier question's (accepted from a later screen)
                // moves only the figures that screen shows, and never takes the room back to its reveal.
                let onShow = room.phase == .revealed && room.currentQuestion?.sequence == accepted.sequence
                out += (onShow ? Self.reveal(room, sequence: accepted.sequence, attendance) : Self.figures(room, attendance, scores: true))
                    .waiting(for: index)
                pending.players = true
            case .tiebreakStarted:
                if let tiebreak = room.tiebreaks.last {
                    let view = room.tiebreakView(tiebreak)
                    out.append(Delivery(audience: .everyoneButHost, message: .tiebreak(TiebreakPayload(serverTime: now, tiebreak: view))))
                    out.append(Delivery(audience: .host, message: .tiebreak(TiebreakPayload(serverTime: now, tiebreak: view, answer: tiebreak.answer))))
                }
            case .tiebreakAnswered(let answered):
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
            case .tiebreakEnded(let ended):
                if let result = room.tiebreakResult(ended.number) {
                    out.append(Delivery(audience: .everyone, message: .tiebreakResult(result), timing: .whenDurable(event: index)))
                }
                let standings = room.standings
                out.append(Delivery(audience: .everyone, message: .leaderboard(Self.leaderboard(standings, final: true)), timing: .whenDurable(event: index)))
                out += Self.standings(standings, attendance).waiting(for: index)
            case .breakStarted, .breakCountdownChanged:
                if let roomBreak = room.roomBreak {
                    out.append(Delivery(audience: .everyone, message: .breakShown(BreakPayload(serverTime: now, break: roomBreak)),
                                        timing: .whenDurable(event: index)))
                }
            case .leaderboardShown(let shown):
                let standings = room.standings
                out.append(Delivery(audience: .everyone, message: .leaderboard(Self.leaderboard(standings, final: shown.final)), timing: .whenDurable(event: index)))
                out += Self.standings(standings, attendance).waiting(for: index)
            case .gameCorrected:
                // Made after the game through the archive, so already durable: a room still kept for
                // its podium shows every screen the corrected end, as a reload would.
                let standings = room.standings
                out.append(Delivery(audience: .everyone, message: .ended(Self.ended(standings, in: room))))
                out += Self.standings(standings, attendance)
            case .roomEnded:
                let standings = room.standings
                out.append(Delivery(audience: .everyone, message: .ended(Self.ended(standings, in: room)), timing: .whenDurable(event: index)))
                out += Self.standings(standings, attendance).waiting(for: index)
            }
        }
        let scheduleFlush = pending != Pending() && !flushScheduled
        if scheduleFlush { flushScheduled = true }
        return Publication(deliveries: out.filter { attendance.reaches($0.audience) }, scheduleFlush: scheduleFlush)
    }

    /// A projector's report changed what the console shows: one `display_sound` goes with the next
    /// flush, however many reports come before it. True when the flush timer must be started.
    package mutating func displaySoundChanged() -> Bool {
        pending.displaySound = true
        guard !flushScheduled else { return false }
        flushScheduled = true
        return true
    }

    /// The coalesced updates, each once, for the room as it is now; `displaySound` is the projectors'
    /// count now (the runtime's, not the room's: projectors are not logged).
    package mutating func flush(
        _ room: Room, to attendance: Attendance<some Collection<PlayerID>>, displaySound: DisplaySoundPayload? = nil
    ) -> [Delivery] {
        flushScheduled = false
        var out: [Delivery] = []
        if pending.displaySound {
            pending.displaySound = false
            if let displaySound { out.append(Delivery(audience: .host, message: .displaySound(displaySound))) }
        }
        if pending.lobby {
            pending.lobby = false
            out.append(Delivery(audience: .everyone, message: .lobby(Self.lobby(room))))
        }
        if pending.players {
            pending.players = false
            // The projector lists who has joined, as the host console does.
            out.append(Delivery(audience: .screens, message: .players(Self.players(in: room))))
        }
        if pending.buzz {
            pending.buzz = false
            if let buzz = room.buzzView { out.append(Delivery(audience: .everyone, message: .buzz(buzz))) }
        }
        if pending.answerCount || pending.waiting, let current = room.currentQuestion {
            if pending.answerCount {
                out.append(Delivery(audience: .screens, message: .answerCount(AnswerCountPayload(
                    question: current.sequence, answered: current.answers.count, connected: room.connectedCount))))
            }
            pending.answerCount = false
            pending.waiting = false
            if !current.isRevealed { out.append(Delivery(audience: .host, message: .waiting(Self.waiting(room, current)))) }
        }
        return out.filter { attendance.reaches($0.audience) }
    }

    // MARK: - Per event

    /// Players and displays get the question without its answer, one encoding for all; the host
    /// alone gets the copy with `correct` and `explanation`.
    private static func question(_ room: Room, _ attendance: Attendance<some Collection<PlayerID>>, now: GameInstant) -> [Delivery] {
        guard let view = room.questionView, let hostView = room.hostQuestionView else { return [] }
        var out = [Delivery(audience: .everyoneButHost, message: .question(QuestionPayload(serverTime: now, question: view)),
                            startsResponseTime: view.sequence)]
        if view.wager {
            for id in attendance.players {
                if let max = maxWager(id, in: room) {
                    out.append(Delivery(audience: .player(id), message: .wagerLimit(WagerLimitPayload(question: view.sequence, max: max))))
                }
            }
        }
        out.append(Delivery(audience: .host, message: .question(QuestionPayload(
            serverTime: now, question: view, correct: hostView.correct, explanation: hostView.explanation))))
        return out
    }

    /// Everyone sees the reveal (the host's copy with the typed answers), then each player their own result.
    /// Ranks come from the standings the reveal event recorded when it has them (the room just sorted
    /// every player for it: once is enough), else from the room.
    static func reveal(
        _ room: Room, sequence: Int, _ attendance: Attendance<some Collection<PlayerID>>, recorded: RecordedStandings? = nil
    ) -> [Delivery] {
        guard let reveal = room.revealView(sequence: sequence) else { return [] }
        var out = [Delivery(audience: .everyoneButHost, message: .reveal(RevealPayload(reveal: reveal)))]
        out.append(Delivery(audience: .host, message: .reveal(RevealPayload(reveal: reveal, typedAnswers: typedAnswers(room, sequence: sequence)))))
        let ranks = recorded.map { Self.ranks($0.players.lazy.map { (PlayerID($0.id), $0.rank) }, count: room.players.count) }
            ?? Self.ranks(room.standings.players.lazy.map { ($0.player, $0.rank) }, count: room.players.count)
        out.reserveCapacity(out.count + attendance.players.count)
        for (id, result) in room.results(for: attendance.players, sequence: sequence, rank: { ranks[$0] }) {
            out.append(Delivery(audience: .player(id), message: .result(ResultPayload(result: result, players: ranks.count))))
        }
        return out
    }

    /// A fresh `state` for every attached member.
    private static func states(_ room: Room, _ attendance: Attendance<some Collection<PlayerID>>, now: GameInstant) -> [Delivery] {
        let shared = RoomViewCache()
        var out = [Delivery(audience: .host, message: .state(state(of: room, for: .host, now: now, shared: shared))),
                   Delivery(audience: .displays, message: .state(state(of: room, for: .display, now: now, shared: shared)))]
        for id in attendance.players {
            out.append(Delivery(audience: .player(id), message: .state(state(of: room, for: .player(id), now: now, shared: shared))))
        }
        return out
    }

    /// The attached members of `team` other than `player`. A scan of the attached players: it runs
    /// once per team stake and per team-mode answer that locks a team, not once per answer.
    private static func teammates(of player: PlayerID, team: TeamID, in room: Room, _ attendance: Attendance<some Collection<PlayerID>>) -> [PlayerID] {
        attendance.players.filter { $0 != player && room.players[$0]?.team == team }
    }

    /// Each player's rank, by id.
    private static func ranks(_ rows: some Sequence<(PlayerID, Int)>, count: Int) -> PlayerMap<Int> {
        var ranks = PlayerMap<Int>()
        ranks.reserveCapacity(count)
        for (id, rank) in rows { ranks[id] = rank }
        return ranks
    }

    /// Each attached player's own rank, with every `leaderboard` and `ended`.
    static func standings(_ standings: Standings, _ attendance: Attendance<some Collection<PlayerID>>) -> [Delivery] {
        let rows = rowsByPlayer(standings)
        let teamRanks = Dictionary(uniqueKeysWithValues: standings.teams.map { ($0.team, $0.rank) })
        let count = standings.players.count
        return attendance.players.map { id in
            let row = rows[id]
            return Delivery(audience: .player(id), message: .standing(StandingPayload(
                rank: row?.rank, score: row?.score ?? 0, players: count, teamRank: row?.team.flatMap { teamRanks[$0] })))
        }
    }

    /// Standings rows by player, built once per reveal or leaderboard for the per-player messages.
    private static func rowsByPlayer(_ standings: Standings) -> PlayerMap<PlayerStanding> {
        var rows = PlayerMap<PlayerStanding>()
        rows.reserveCapacity(standings.players.count)
        for row in standings.players { rows[row.player] = row }
        return rows
    }
}

extension [Delivery] {
    /// The deliveries held until `events[event]` is durable: what a restart must not take back.
    package func waiting(for event: Int) -> [Delivery] {
        map { delivery in
            var held = delivery
            held.timing = .whenDurable(event: event)
            return held
        }
    }
}
