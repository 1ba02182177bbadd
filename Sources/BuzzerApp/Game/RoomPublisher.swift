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
        /// The kind's live view after presses (a buzz queue): a burst of presses sends it a few times, not once per press.
        package var kindView = false
        /// The host's `waiting` alone: a wager round's stakes moved (nobody answered, so no new count).
        package var waiting = false
        /// A projector came, went or turned its sound on or off: the console's `display_sound`.
        package var displaySound = false

        /// Marks what an event's reaction coalesces.
        mutating func mark(_ updates: CoalescedUpdates) {
            if updates.contains(.lobby) { lobby = true }
            if updates.contains(.players) { players = true }
            if updates.contains(.answerCount) { answerCount = true }
            if updates.contains(.kindView) { kindView = true }
            if updates.contains(.waiting) { waiting = true }
        }
    }

    /// What one batch of events causes.
    package struct Publication: Sendable, Equatable {
        package var deliveries: [Delivery]
        /// Start the flush timer: updates are pending and no flush was asked for yet.
        package var scheduleFlush: Bool
    }

    var pending = Pending()
    private(set) var flushScheduled = false

    package init() {}

    /// The deliveries for `events`, which `room` already contains, in the order they must be sent.
    package mutating func publish(
        _ events: [RoomEvent], in room: Room, to attendance: Attendance<some Collection<PlayerID>>, now: GameInstant
    ) -> Publication {
        var out: [Delivery] = []
        for (index, event) in events.enumerated() {
            // Each event says what the pages get (`RoomEventPayload.publisherReaction`); no switch over events here.
            let reaction = event.publisherReaction
            pending.mark(reaction.updates)
            react(reaction.send, event: index, in: room, attendance, now: now, into: &out)
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
        if pending.kindView {
            pending.kindView = false
            if let view = room.kindLiveView { out.append(Delivery(audience: .everyone, message: ServerMessage(view))) }
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
    static func question(_ room: Room, _ attendance: Attendance<some Collection<PlayerID>>, now: GameInstant) -> [Delivery] {
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
            serverTime: now, question: view, correct: hostView.correct, explanation: hostView.explanation, actions: hostView.actions))))
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
    static func states(_ room: Room, _ attendance: Attendance<some Collection<PlayerID>>, now: GameInstant) -> [Delivery] {
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
    static func teammates(of player: PlayerID, team: TeamID, in room: Room, _ attendance: Attendance<some Collection<PlayerID>>) -> [PlayerID] {
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
