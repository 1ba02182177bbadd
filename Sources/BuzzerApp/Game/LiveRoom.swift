import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Dispatch
import Logging

/// One running room on its event loop: the pure `Room`, the connections of its host, players
/// and displays, its timer, and the path from each command to the archive and to the clients.
///
/// Every method runs on `loop` (the registry hands it out only as `LoopBound`). A command goes
/// through `Room.handle`, its events go to the archive in order, then become messages: each
/// broadcast encoded once, with per-player messages only where the content is personal.
final class LiveRoom {
    let code: String
    let loop: EventLoop
    let context: GameContext
    private(set) var room: Room
    private(set) var host: WebSocketHandle?
    private(set) var players: [PlayerID: WebSocketHandle] = [:]
    private(set) var displays: [UInt64: WebSocketHandle] = [:]
    private var timer: (any DispatchSourceTimer)?
    private var timerDeadline: GameInstant?
    private var lobbyDirty = false
    private var playersDirty = false
    private var answerCountDirty = false
    private var flushScheduled = false
    private var removalScheduled = false
    private var logger: Logger

    init(room: Room, loop: EventLoop, context: GameContext) {
        self.code = room.code
        self.room = room
        self.loop = loop
        self.context = context
        var logger = context.logger
        logger[metadataKey: "room"] = "\(room.code)"
        self.logger = logger
    }

    private var messages: ServerMessageEncoder { context.messages }
    private var now: GameInstant { context.clock() }

    // MARK: - Commands

    /// Runs one command through the game and publishes what it caused. `answerFrom` is the
    /// handle to acknowledge once the answer is durable.
    @discardableResult
    func perform(_ command: RoomCommand, answerFrom: WebSocketHandle? = nil) throws(GameError) -> [RoomEvent] {
        loop.assertInEventLoop()
        let events = try room.handle(command, at: now)
        record(events, answerFrom: answerFrom)
        publish(events)
        armTimer()
        return events
    }

    /// Appends the events to the archive in order. An answer is acknowledged only once its line
    /// is durable, or at once marked not durable when the archive cannot take it (the room carries
    /// on in memory).
    func record(_ events: [RoomEvent], answerFrom: WebSocketHandle? = nil) {
        let messages = self.messages, logger = self.logger
        for event in events {
            let acknowledge: (@Sendable (_ durable: Bool) -> Void)?
            if case .answerRecorded(let recorded) = event, let answerFrom {
                acknowledge = { durable in
                    answerFrom.send(messages.encode(.answerAck(AnswerAckPayload(question: recorded.sequence, durable: durable))))
                }
            } else {
                acknowledge = nil
            }
            do {
                try context.archive.append(room: code, time: event.at, encoding: event) { result in
                    switch result {
                    case .success:
                        acknowledge?(true)
                    case .failure(let error):
                        logger.error("archive write failed; the room goes on in memory", metadata: ["error": "\(error)"])
                        acknowledge?(false)
                    }
                }
            } catch {
                logger.error("archive refused an event; the room goes on in memory", metadata: ["error": "\(error)", "event": "\(event.type)"])
                acknowledge?(false)
            }
        }
    }

    // MARK: - Members

    func attachHost(_ handle: WebSocketHandle) {
        if let old = host, old != handle { old.close(code: 4000, reason: "the host console opened elsewhere") }
        host = handle
    }

    func attachPlayer(_ id: PlayerID, _ handle: WebSocketHandle) {
        if let old = players[id], old != handle { old.close(code: 4000, reason: "this player connected again elsewhere") }
        players[id] = handle
    }

    func attachDisplay(_ handle: WebSocketHandle) {
        displays[handle.id] = handle
    }

    /// A connection closed (or left). Only the connection currently attached counts: an old
    /// connection replaced by a resume must not mark the player away.
    func detach(_ handle: WebSocketHandle, role: ClientState.Role) {
        switch role {
        case .host where host == handle:
            host = nil
            _ = try? perform(.hostDisconnected)
        case .player(let id) where players[id] == handle:
            players[id] = nil
            _ = try? perform(.playerDisconnected(id))
        case .display where displays[handle.id] != nil:
            displays[handle.id] = nil
            _ = try? perform(.displayDisconnected)
        default:
            break
        }
    }

    /// A player left on purpose: the seat is gone, the score stays on the board.
    func leave(_ id: PlayerID, handle: WebSocketHandle) throws(GameError) {
        guard players[id] == handle else { throw .unknownPlayer }
        players[id] = nil
        try perform(.leave(id))
    }

    // MARK: - Publishing

    private var everyoneButHost: [WebSocketHandle] { Array(players.values) + Array(displays.values) }
    private var everyone: [WebSocketHandle] { everyoneButHost + (host.map { [$0] } ?? []) }
    /// Who sees the room from the front: the host console and the projectors.
    private var screens: [WebSocketHandle] { Array(displays.values) + (host.map { [$0] } ?? []) }

    func publish(_ events: [RoomEvent]) {
        for event in events {
            switch event {
            case .roomCreated, .teamCreated, .wagerPlaced:
                break
            case .hostDisconnected, .hostReconnected:
                logger.info(room.hostConnected ? "host back" : "host disconnected; the room waits", metadata: ["phase": "\(room.phase.rawValue)"])
                WebSocketHandle.broadcast(messages.encode(.hostStatus(HostStatusPayload(connected: room.hostConnected))), to: everyoneButHost)
            case .roomLockChanged, .displayConnected, .displayDisconnected:
                markDirty(lobby: true, players: false)
            case .playerJoined, .playerDisconnected, .playerReconnected, .playerLeft:
                markDirty(lobby: true, players: true)
            case .playerKicked(let kicked):
                if let handle = players.removeValue(forKey: kicked.player) {
                    handle.send(messages.encode(.kicked(KickedPayload(ban: kicked.ban))))
                    handle.close(code: 4003, reason: "removed by the host")
                }
                markDirty(lobby: true, players: true)
            case .scoreAdjusted:
                markDirty(lobby: false, players: true)
            case .questionShown(let shown):
                if shown.sequence == 0 { logger.info("game started", metadata: ["players": "\(room.activeCount)"]) }
                sendQuestion()
            case .answersOpened(let opened):
                let deadline = room.currentQuestion?.deadline ?? opened.at
                let message = messages.encode(.answersOpen(AnswersOpenPayload(question: opened.sequence, serverTime: now, deadline: deadline)))
                WebSocketHandle.broadcast(message, to: everyone)
            case .answerRecorded:
                // Coalesced: a 2,000-player room answering within a second needs a few counts, not 2,000.
                answerCountDirty = true
                markDirty(lobby: false, players: false)
            case .answersClosed(let closed):
                let message = messages.encode(.answersClosed(AnswersClosedPayload(question: closed.sequence, reason: closed.reason)))
                WebSocketHandle.broadcast(message, to: everyone)
            case .questionRevealed(let revealed):
                sendReveal(sequence: revealed.sequence)
            case .answerAccepted(let accepted):
                sendReveal(sequence: accepted.sequence)
            case .leaderboardShown(let shown):
                sendLeaderboard(final: shown.final)
            case .roomEnded(let ended):
                sendEnded()
                logger.info("room ended", metadata: ["reason": "\(ended.reason.rawValue)", "players": "\(room.activeCount)"])
                scheduleRemoval()
            }
        }
    }

    private func sendQuestion() {
        guard let view = room.questionView, let hostView = room.hostQuestionView else { return }
        let serverTime = now
        let message = messages.encode(.question(QuestionPayload(serverTime: serverTime, question: view)))
        let sequence = view.sequence, clock = context.clock
        // Response time starts when the question reaches each player's socket, so note it there.
        EventLoop.forEach(players.values.map(\.connection)) { connection in
            guard let session = connection.handler as? WebSocketSession else { return }
            session.send(message) { _ in
                (session.userInfo as? ClientState)?.questionWritten = (sequence, clock())
            }
        }
        WebSocketHandle.broadcast(message, to: Array(displays.values))
        if view.wager {
            sendEach { id in self.maxWager(id).map { self.messages.encode(.wagerLimit(WagerLimitPayload(question: sequence, max: $0))) } }
        }
        host?.send(messages.encode(.question(QuestionPayload(
            serverTime: serverTime, question: view, correct: hostView.correct, explanation: hostView.explanation))))
    }

    private func sendReveal(sequence: Int) {
        guard let reveal = room.revealView(sequence: sequence) else { return }
        WebSocketHandle.broadcast(messages.encode(.reveal(RevealPayload(reveal: reveal))), to: everyoneButHost)
        let typed = room.typedAnswers(sequence: sequence).map { TypedAnswer(text: $0.text, count: $0.count, accepted: $0.accepted) }
        host?.send(messages.encode(.reveal(RevealPayload(reveal: reveal, typedAnswers: typed))))
        let standings = room.standings
        let rows = Self.rows(standings)
        sendEach { id in
            room.result(for: id, sequence: sequence, rank: rows[id]?.rank).map {
                messages.encode(.result(ResultPayload(result: $0, players: standings.players.count)))
            }
        }
        // Scores moved: the host's and the projector's player lists follow.
        markDirty(lobby: false, players: true)
    }

    private func sendLeaderboard(final: Bool) {
        let standings = room.standings
        let message = messages.encode(.leaderboard(leaderboard(standings, final: final)))
        WebSocketHandle.broadcast(message, to: everyone)
        sendStandings(standings)
    }

    private func sendEnded() {
        let standings = room.standings
        let message = messages.encode(.ended(ended(standings)))
        WebSocketHandle.broadcast(message, to: everyone)
        sendStandings(standings)
    }

    private func sendStandings(_ standings: Standings) {
        let rows = Self.rows(standings)
        let teamRanks = Dictionary(uniqueKeysWithValues: standings.teams.map { ($0.team, $0.rank) })
        let count = standings.players.count
        sendEach { id in
            let row = rows[id]
            return messages.encode(.standing(StandingPayload(
                rank: row?.rank, score: row?.score ?? 0, players: count, teamRank: row?.team.flatMap { teamRanks[$0] })))
        }
    }

    /// Standings rows by player, built once per reveal or leaderboard for the per-player messages.
    private static func rows(_ standings: Standings) -> [PlayerID: PlayerStanding] {
        Dictionary(uniqueKeysWithValues: standings.players.map { ($0.player, $0) })
    }

    /// A personal message to every connected player, one hop per loop.
    private func sendEach(_ message: (PlayerID) -> OutboundMessage?) {
        var outbound: [UInt64: OutboundMessage] = [:]
        outbound.reserveCapacity(players.count)
        for (id, handle) in players {
            if let built = message(id) { outbound[handle.id] = built }
        }
        let bundle = outbound
        EventLoop.forEach(players.values.lazy.filter { bundle[$0.id] != nil }.map(\.connection)) { connection in
            if let message = bundle[connection.id] { (connection.handler as? WebSocketSession)?.send(message) }
        }
    }

    /// How much this player may stake on the current question, in a wager round.
    func maxWager(_ id: PlayerID) -> Int? {
        guard let current = room.currentQuestion, room.pack.rounds[current.round].wager, let player = room.players[id] else { return nil }
        let competitor: Competitor = player.team.map(Competitor.team) ?? .player(id)
        return room.maxWager(for: competitor, question: room.question(current))
    }

    func leaderboard(_ standings: Standings, final: Bool) -> LeaderboardPayload {
        LeaderboardPayload(final: final, players: Array(standings.players.prefix(GameContext.leaderboardSize)), teams: Array(standings.teams.prefix(50)))
    }

    func ended(_ standings: Standings) -> EndedPayload {
        EndedPayload(
            reason: room.endReason ?? .finished, podium: standings.podium(size: room.settings.podiumSize),
            players: Array(standings.players.prefix(GameContext.leaderboardSize)), teams: Array(standings.teams.prefix(50)))
    }

    // MARK: - Lobby updates, coalesced

    private func markDirty(lobby: Bool, players: Bool) {
        lobbyDirty = lobbyDirty || lobby
        playersDirty = playersDirty || players
        guard !flushScheduled else { return }
        flushScheduled = true
        let delay = context.config.rooms.lobbyUpdateMilliseconds
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { weak.value?.flushLobby() }
    }

    private func flushLobby() {
        flushScheduled = false
        if lobbyDirty {
            lobbyDirty = false
            let message = messages.encode(.lobby(lobbyPayload))
            WebSocketHandle.broadcast(message, to: everyone)
        }
        if playersDirty {
            playersDirty = false
            // The projector lists who has joined, as the host console does.
            let message = messages.encode(.players(PlayersPayload(players: playerRows)))
            WebSocketHandle.broadcast(message, to: screens)
        }
        if answerCountDirty, let current = room.currentQuestion {
            answerCountDirty = false
            let count = AnswerCountPayload(question: current.sequence, answered: current.answers.count, connected: room.connectedCount)
            WebSocketHandle.broadcast(messages.encode(.answerCount(count)), to: screens)
        }
    }

    var lobbyPayload: LobbyPayload {
        LobbyPayload(title: room.pack.title, playerCount: room.activeCount, locked: room.locked, hostConnected: room.hostConnected)
    }

    var playerRows: [PlayerRow] {
        room.players.values.sorted { $0.id < $1.id }.filter { $0.status != .left && $0.status != .kicked }.map { player in
            PlayerRow(id: player.id, nickname: player.nickname, team: player.team.flatMap { room.teams[$0]?.name },
                      status: player.status, score: player.score)
        }
    }

    // MARK: - Snapshots

    /// The whole current screen for one member: sent after create, join, resume, watch and host.
    func state(for role: ClientState.Role) -> ServerMessage {
        let current = room.currentQuestion
        var payload = StatePayload(
            role: role.name, code: code, title: room.pack.title, phase: room.phase, serverTime: now, locked: room.locked,
            hostConnected: room.hostConnected, playerCount: room.activeCount, questionCount: room.pack.questionCount)
        if let view = room.questionView {
            payload.question = view
            payload.answerCount = current?.answers.count
        }
        if let current, current.isRevealed { payload.reveal = room.revealView(sequence: current.sequence) }
        if case .host = role, let current {
            payload.correct = room.hostQuestionView?.correct
            if current.isRevealed {
                let typed = room.typedAnswers(sequence: current.sequence)
                if !typed.isEmpty { payload.typedAnswers = typed.map { TypedAnswer(text: $0.text, count: $0.count, accepted: $0.accepted) } }
            }
        }
        // Sorting every player is only needed where a ranking is on screen; a join during the lobby
        // or a question (2,000 of them in a big room) gets its own rank by counting instead.
        let needsRanking = room.phase == .revealed || room.phase == .leaderboard || room.phase == .ended
        let standings = needsRanking ? room.standings : nil
        if room.phase == .leaderboard, let standings {
            payload.leaderboard = leaderboard(standings, final: room.isOnLastQuestion)
        }
        if room.phase == .ended, let standings { payload.ended = ended(standings) }
        if case .player(let id) = role {
            if let current { payload.answered = current.answers[id] != nil }
            if room.phase == .reading || room.phase == .open { payload.maxWager = maxWager(id) }
            if let current, current.isRevealed, let standings {
                payload.result = room.result(for: id, sequence: current.sequence, rank: standings.players.first { $0.player == id }?.rank)
            }
            if let standings, let row = standings.players.first(where: { $0.player == id }) {
                payload.me = StandingPayload(rank: row.rank, score: row.score, players: standings.players.count,
                                             teamRank: row.team.flatMap { team in standings.teams.first { $0.team == team }?.rank })
            } else if let player = room.players[id], player.isRanked {
                var ahead = 0, ranked = 0
                for other in room.players.values where other.isRanked {
                    ranked += 1
                    if other.score > player.score { ahead += 1 }
                }
                payload.me = StandingPayload(rank: ahead + 1, score: player.score, players: ranked, teamRank: nil)
            }
        }
        return .state(payload)
    }

    // MARK: - Timer

    /// One timer per room, always set for `room.nextDeadline`.
    func armTimer() {
        guard let deadline = room.nextDeadline else {
            timer?.cancel()
            timer = nil
            timerDeadline = nil
            return
        }
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        let source = DispatchSource.makeTimerSource(queue: loop.queue)
        let delay = max(0, deadline - now)
        source.schedule(deadline: .now() + .milliseconds(Int(delay)), leeway: .milliseconds(1))
        let weak = WeakLoopRef(self, queue: loop.queue)
        source.setEventHandler {
            guard let self = weak.value else { return }
            self.timer?.cancel()
            self.timer = nil
            self.timerDeadline = nil
            _ = try? self.perform(.tick)
            // A tick that fired a hair early (clock granularity) emits nothing; try again.
            self.armTimer()
        }
        timer = source
        timerDeadline = deadline
        source.resume()
    }

    private func scheduleRemoval() {
        guard !removalScheduled else { return }
        removalScheduled = true
        let seconds = context.config.rooms.endedRoomRetentionSeconds
        let registry = context.registry, code = self.code
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.queue.asyncAfter(deadline: .now() + .seconds(seconds)) {
            registry.remove(code)
            weak.value?.stop()
        }
    }

    /// Stops the timer (server shutdown).
    func stop() {
        timer?.cancel()
        timer = nil
    }
}
