import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Dispatch
import Logging

/// One running room on its event loop: the pure `Room`, the connections of its host, players
/// and displays, its timers, the archive appends and the sending.
///
/// Every method runs on `loop` (the registry hands it out only as `LoopBound`). A command goes
/// through `Room.handle`; `RoomPublisher` turns its events into deliveries; the events go to the
/// archive in order, and the deliveries to the connections through `deliver`.
final class LiveRoom {
    /// The connections of a room's members. A value: a delivery that waits for the archive takes
    /// the members of its moment along, off the loop.
    struct Members: Sendable {
        var host: ClientHandle?
        var players = PlayerMap<ClientHandle>()
        var displays: [UInt64: ClientHandle] = [:]

        var attendance: Attendance<PlayerMap<ClientHandle>.Keys> {
            Attendance(players: players.keys, host: host != nil, displays: displays.count)
        }
    }

    let code: String
    let loop: EventLoop
    let context: GameContext
    private(set) var room: Room
    /// What the members' `state`s share until an event changes it.
    private let viewCache = RoomViewCache()
    var members = Members()
    var publisher = RoomPublisher()
    /// The projectors (their handles' ids) that said their sound is on (`sound`); not logged.
    var displaysWithSound = Set<UInt64>()
    /// The clip volume the host last set (`clip`), for a projector that connects later; not logged.
    var clipVolume: Int?
    var timer: (any DispatchSourceTimer)?
    var timerDeadline: GameInstant?
    var removalScheduled = false
    /// Where each player's current question first went: the answer clock starts there, whatever
    /// connection the answer comes from.
    private var answerClock = AnswerClock<ClientHandle>()
    /// Batches in the order their commands ran (see `RoomOutbox`).
    var outbox = RoomOutbox<ClientHandle.Batch>()
    let logger: Logger

    init(room: Room, loop: EventLoop, context: GameContext) {
        self.code = room.code
        self.room = room
        self.loop = loop
        self.context = context
        var logger = context.logger
        logger[metadataKey: "room"] = "\(room.code)"
        self.logger = logger
    }

    var now: GameInstant { context.clock() }

    // MARK: - Commands

    /// Runs one command through the game and publishes what it caused. `answerFrom` is the
    /// connection to acknowledge once the answer is durable. `whenRecorded` is called (on the
    /// archive's queue) once the command's last event is durable, with `false` if the archive could
    /// not take it; at once with `true` if the command caused no event.
    @discardableResult
    func perform(
        _ command: RoomCommand, answerFrom: ClientHandle? = nil, whenRecorded: (@Sendable (_ durable: Bool) -> Void)? = nil
    ) throws(GameError) -> [RoomEvent] {
        loop.assertInEventLoop()
        let now = self.now, started = DispatchTime.now().uptimeNanoseconds
        let events = try room.handle(command, at: now, limits: context.config.game.hostLimits)
        viewCache.roomChanged(by: events)
        defer { reportGauges() }
        let publication = publisher.publish(events, in: room, to: members.attendance, now: now)
        // What may go now goes first: the hops to the other loops are queued before the archive line
        // is encoded here (a reveal's line carries the standings of every player: 10,000 of them in a
        // big room). The order does not change what is durable when: nothing sent now waits for it.
        post(Self.batch(publication.deliveries.filter { $0.timing == .now }, to: members, sender: answerFrom, context: context, started: started))
        if let sequence = publication.deliveries.lazy.compactMap(\.startsResponseTime).first {
            answerClock.questionSent(sequence, at: now, to: members.players)
        }
        var whenRecorded = whenRecorded
        if events.contains(where: { $0.type == RoomEvent.roomEndedType }) {
            // The league's standings and the question index read the log: once the end is on disk, they read it.
            let leagues = room.league == nil ? nil : context.leagues, questions = context.questions, then = whenRecorded
            let ended = room, archive = context.archive
            whenRecorded = { durable in
                then?(durable)
                leagues?.gameEnded()
                questions.gameEnded(ended) { archive.ranges(room: ended.code) }
                archive.compactIndexed(room: ended.code)
            }
        }
        record(events, waiting: publication.deliveries.filter { $0.timing != .now }, sender: answerFrom,
               answerStarted: answerFrom == nil ? nil : started, whenRecorded: whenRecorded)
        for case .playerKicked(let kicked) in events {
            // The batch holds `kicked` and the close; the seat's connection is no longer the room's.
            members.players[kicked.player] = nil
        }
        if publication.scheduleFlush { scheduleFlush() }
        note(events)
        armTimer()
        return events
    }

    /// A correction the archive took after this room's game ended (`CorrectionsRoute`) while the room
    /// is still kept for its podium: the room takes it in (it is logged already, so not again) and
    /// every screen shows the corrected end. A later game under the same code is left alone.
    func corrected(_ event: GameCorrected) {
        loop.assertInEventLoop()
        guard room.phase == .ended, event.game == room.createdAt else { return }
        let events = [RoomEvent.gameCorrected(event)]
        room.apply(events[0])
        viewCache.roomChanged(by: events)
        let publication = publisher.publish(events, in: room, to: members.attendance, now: now)
        post(Self.batch(publication.deliveries, to: members, sender: nil, context: context))
    }

    /// What the runtime itself does about some events: log them, and forget an ended room later.
    private func note(_ events: [RoomEvent]) {
        for event in events {
            switch event {
            case .hostDisconnected, .hostReconnected:
                logger.info(room.hostConnected ? "host back" : "host disconnected; the room waits", metadata: ["phase": "\(room.phase.rawValue)"])
            case .questionShown(let shown) where shown.sequence == 0:
                logger.info("game started", metadata: ["players": "\(room.activeCount)"])
            case .roomEnded(let ended):
                logger.info("room ended", metadata: ["reason": "\(ended.reason.rawValue)", "players": "\(room.activeCount)"])
                scheduleRemoval()

            default:
                break
            }
        }
    }

    // MARK: - Answers

    /// Records an answer, timed from when the question first reached the player (`AnswerClock`).
    func answer(
        _ id: PlayerID, question: Int, value: AnswerValue, rttMs: GameDuration,
        connectionWritten: (sequence: Int, at: GameInstant)?, from handle: ClientHandle
    ) throws(GameError) {
        let start = answerClock.startOfAnswer(by: id, to: question, from: handle, connectionWritten: connectionWritten)
        try perform(.answer(id, AnswerSubmission(question: question, value: value, writtenAt: start, rttMs: rttMs)), answerFrom: handle)
    }

    /// A player's connection now shows the open question `sequence` (a join or resume's `state`).
    func questionShown(_ sequence: Int, to id: PlayerID, on handle: ClientHandle) {
        answerClock.questionShown(sequence, to: id, on: handle, at: now)
    }

    // MARK: - Gauges

    /// The phase and the connected players this room last counted in `/metrics`.
    private var reported: (phase: RoomPhase?, players: Int) = (nil, 0)

    /// Brings the room's share of the `/metrics` gauges up to date (after each command, each
    /// member change, and once when the room is registered).
    func reportGauges() {
        let phase = removed ? nil : room.phase, players = removed ? 0 : members.players.count
        context.metrics.room(from: reported.phase, to: phase)
        context.metrics.playersConnected(changedBy: players - reported.players)
        reported = (phase, players)
    }

    /// The room left the registry: it no longer counts.
    private var removed = false

    func forget() {
        removed = true
        reportGauges()
    }

    // MARK: - Members

    func attachHost(_ handle: ClientHandle) {
        defer { reportGauges() }
        if let old = members.host, old != handle { old.close(code: 4000, reason: "the host console opened elsewhere") }
        members.host = handle
    }

    func attachPlayer(_ id: PlayerID, _ handle: ClientHandle) {
        defer { reportGauges() }
        if let old = members.players[id], old != handle { old.close(code: 4000, reason: "this player connected again elsewhere") }
        members.players[id] = handle
    }

    func attachDisplay(_ handle: ClientHandle) {
        defer { reportGauges() }
        members.displays[handle.id] = handle
        reportDisplaySound()
    }

    /// A connection closed (or left). Only the connection currently attached counts: an old
    /// connection replaced by a resume must not mark the player away.
    func detach(_ handle: ClientHandle, role: ClientState.Role, questionWritten: (sequence: Int, at: GameInstant)? = nil) {
        defer { reportGauges() }
        if case .player(let id) = role { answerClock.connectionClosed(handle, of: id, written: questionWritten) }
        switch role {
        case .host where members.host == handle:
            members.host = nil
            _ = try? perform(.hostDisconnected)
        case .player(let id) where members.players[id] == handle:
            members.players[id] = nil
            _ = try? perform(.playerDisconnected(id))
        case .display:
            members.displays[handle.id] = nil
            displaysWithSound.remove(handle.id)
            reportDisplaySound()
        default:
            break
        }
    }

    /// A player left on purpose: the seat is gone, the score stays on the board.
    func leave(_ id: PlayerID, handle: ClientHandle) throws(GameError) {
        defer { reportGauges() }
        guard members.players[id] == handle else { throw .unknownPlayer }
        members.players[id] = nil
        try perform(.leave(id))
    }

    // MARK: - Snapshots

    /// The whole current screen for one member (see `RoomPublisher.state`).
    func state(for role: ClientState.Role) -> ServerMessage {
        .state(RoomPublisher.state(of: room, for: role, now: now, shared: viewCache))
    }

}
