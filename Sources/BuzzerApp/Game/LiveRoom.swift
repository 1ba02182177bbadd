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
    private(set) var members = Members()
    private var publisher = RoomPublisher()
    private var timer: (any DispatchSourceTimer)?
    private var timerDeadline: GameInstant?
    private var removalScheduled = false
    /// Where each player's current question first went: the answer clock starts there, whatever
    /// connection the answer comes from (see `answer(_:_:from:)`).
    private var questionReached = PlayerMap<QuestionReach>()
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

    private var now: GameInstant { context.clock() }

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
        let events = try room.handle(command, at: now)
        defer { reportGauges() }
        let publication = publisher.publish(events, in: room, to: members.attendance, now: now)
        // What may go now goes first: the hops to the other loops are queued before the archive line
        // is encoded here (a reveal's line carries the standings of every player: 10,000 of them in a
        // big room). The order does not change what is durable when: nothing sent now waits for it.
        post(Self.batch(publication.deliveries.filter { $0.timing == .now }, to: members, sender: answerFrom, context: context, started: started))
        if let sequence = publication.deliveries.lazy.compactMap(\.startsResponseTime).first {
            for (id, handle) in members.players { questionReached[id] = QuestionReach(sequence: sequence, at: now, connection: handle) }
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

    /// Appends the events to the archive in order.
    ///
    /// An acknowledgement waiting for one of them goes to its sender once that line is durable (or
    /// at once marked not durable when the archive cannot take it). Every other waiting delivery (a
    /// reveal, a result, a podium) is built now and held in the outbox until the last event is
    /// durable: a restart cannot take back what a client was told. If the archive fails, they go
    /// anyway: the room carries on in memory.
    func record(
        _ events: [RoomEvent], waiting: [Delivery] = [], sender: ClientHandle? = nil, answerStarted: UInt64? = nil,
        whenRecorded: (@Sendable (_ durable: Bool) -> Void)? = nil
    ) {
        let logger = self.logger, context = self.context
        let acks = waiting.filter { $0.audience == .sender }
        let held = waiting.filter { $0.audience != .sender }
        guard !events.isEmpty else {
            post(Self.batch(held.map { $0.settled(durable: true) }, to: members, sender: sender, context: context))
            whenRecorded?(true)
            return
        }
        // The held batch's place in the outbox is taken now, but the batch is built after the events
        // went to the archive: building it (a reveal's 10,000 results) then overlaps the fsync it
        // waits for. The release hops back onto this loop, so it always finds the batch in place.
        let ticket = held.isEmpty ? nil : reserve()
        defer {
            if let ticket { fill(ticket, with: Self.batch(held.map { $0.settled(durable: true) }, to: members, sender: sender, context: context)) }
        }
        let weak = WeakLoopRef(self, queue: loop.queue), loop = self.loop
        for (index, event) in events.enumerated() {
            let due = acks.filter { $0.timing == .whenDurable(event: index) }
            let last = index == events.count - 1
            // An answer's ack goes to its sender alone: the callback need not hold the members.
            let settle: @Sendable (_ durable: Bool) -> Void = { [ticket] durable in
                if !due.isEmpty {
                    Self.deliver(due.map { $0.settled(durable: durable) }, to: Members(), sender: sender, context: context)
                    if let answerStarted { context.metrics.answerAcknowledged(started: answerStarted) }
                }
                guard last else { return }
                if let ticket { loop.execute { weak.value?.release(ticket) } }
                whenRecorded?(durable)
            }
            do {
                try context.archive.append(room: code, time: event.at, encoding: event) { result in
                    switch result {
                    case .success:
                        settle(true)
                    case .failure(let error):
                        logger.error("archive write failed; the room goes on in memory", metadata: ["error": "\(error)"])
                        settle(false)
                    }
                }
            } catch {
                logger.error("archive refused an event; the room goes on in memory", metadata: ["error": "\(error)", "event": "\(event.type)"])
                settle(false)
            }
        }
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

    /// The first time a question reached one of a player's connections.
    struct QuestionReach {
        var sequence: Int
        /// When the room sent it: a lower bound of when it was written to the socket.
        var at: GameInstant
        var connection: ClientHandle
        /// When it was written to that connection's socket, once that connection told us (as it closed).
        var written: GameInstant?
    }

    /// Records an answer. Its clock starts when the question first reached any of the player's
    /// connections: a player who reloads after reading a question, looks the answer up and answers
    /// from the new connection is timed from the first one, not from the new connection's `state`.
    func answer(_ id: PlayerID, _ submission: AnswerSubmission, from handle: ClientHandle) throws(GameError) {
        var submission = submission
        if let reach = questionReached[id], reach.sequence == submission.question, reach.connection != handle {
            let first = reach.written ?? reach.at
            submission.writtenAt = submission.writtenAt == 0 ? first : min(submission.writtenAt, first)
        }
        try perform(.answer(id, submission), answerFrom: handle)
    }

    /// A player's connection now shows the open question `sequence` (a join or resume's `state`):
    /// the first connection to show it starts the answer clock.
    func questionShown(_ sequence: Int, to id: PlayerID, on handle: ClientHandle) {
        if questionReached[id]?.sequence != sequence {
            questionReached[id] = QuestionReach(sequence: sequence, at: now, connection: handle)
        }
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
    }

    /// A connection closed (or left). Only the connection currently attached counts: an old
    /// connection replaced by a resume must not mark the player away.
    func detach(_ handle: ClientHandle, role: ClientState.Role, questionWritten: (sequence: Int, at: GameInstant)? = nil) {
        defer { reportGauges() }
        if case .player(let id) = role, let written = questionWritten, var reach = questionReached[id],
           reach.sequence == written.sequence, reach.connection == handle {
            reach.written = written.at
            questionReached[id] = reach
        }
        switch role {
        case .host where members.host == handle:
            members.host = nil
            _ = try? perform(.hostDisconnected)
        case .player(let id) where members.players[id] == handle:
            members.players[id] = nil
            _ = try? perform(.playerDisconnected(id))
        case .display where members.displays[handle.id] != nil:
            members.displays[handle.id] = nil
            _ = try? perform(.displayDisconnected)
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

    // MARK: - Sending

    /// Batches in the order their commands ran. A batch waiting for the log holds back every later
    /// one, so nobody sees the next question before the reveal it follows. Usually empty: a batch
    /// that may go while nothing waits is sent at once.
    private var outbox: [(ticket: Int, batch: ClientHandle.Batch, ready: Bool)] = []
    private var nextTicket = 0

    /// Sends `batch` now, or queues it (ready) behind the batches still waiting.
    private func post(_ batch: ClientHandle.Batch) {
        if outbox.isEmpty {
            if !batch.isEmpty { ClientHandle.send(batch) }
        } else {
            nextTicket += 1
            outbox.append((nextTicket, batch, true))
        }
    }

    /// Takes a place in the outbox for a batch still to be built (see `fill`), not ready.
    private func reserve() -> Int {
        nextTicket += 1
        outbox.append((nextTicket, ClientHandle.Batch(), false))
        return nextTicket
    }

    /// Puts the batch into the place `reserve()` took; it still waits for `release(_:)`.
    private func fill(_ ticket: Int, with batch: ClientHandle.Batch) {
        if let index = outbox.firstIndex(where: { $0.ticket == ticket }) { outbox[index].batch = batch }
    }

    /// Marks a waiting batch ready and sends whatever no longer waits.
    private func release(_ ticket: Int) {
        if let index = outbox.firstIndex(where: { $0.ticket == ticket }) { outbox[index].ready = true }
        while let first = outbox.first, first.ready {
            outbox.removeFirst()
            if !first.batch.isEmpty { ClientHandle.send(first.batch) }
        }
    }

    /// Sends the deliveries in order (see `batch`). Static and Sendable-safe: it also runs off the
    /// loop, for an answer's acknowledgement once the archive answered.
    static func deliver(_ deliveries: [Delivery], to members: Members, sender: ClientHandle?, context: GameContext) {
        let batch = batch(deliveries, to: members, sender: sender, context: context)
        if !batch.isEmpty { ClientHandle.send(batch) }
    }

    /// The deliveries as one batch: each message is encoded once, each connection gets its messages
    /// in the list's order in one write (a reveal's shared `reveal` and the player's own `result`
    /// leave together), and the batch takes one hop per loop.
    /// `started` (`DispatchTime` nanoseconds, when the command was taken) times a question's fan-out.
    static func batch(_ deliveries: [Delivery], to members: Members, sender: ClientHandle?, context: GameContext, started: UInt64? = nil) -> ClientHandle.Batch {
        let clock = context.clock
        /// Response time starts when the question reaches the player's socket, so note it there.
        let noteWritten = { (sequence: Int) -> @Sendable (GameClient, UInt64) -> Void in
            { client, _ in
                if case .player = client.state.role { client.state.questionWritten = (sequence, clock()) }
            }
        }
        let reachesGroups = deliveries.contains { $0.audience.groups != nil }
        var batch = ClientHandle.Batch(recipients: reachesGroups ? members.players.count + members.displays.count + 1 : deliveries.count)
        var players: [ClientHandle]?
        // Counted for /metrics once per batch, not once per message: a reveal holds 10,000.
        var sent = (messages: 0, bytes: 0)
        defer { context.metrics.sent(messages: sent.messages, bytes: sent.bytes) }
        for delivery in deliveries {
            var onWritten = delivery.startsResponseTime.map(noteWritten)
            if let groups = delivery.audience.groups {
                let reached = (groups.players ? members.players.count : 0) + (groups.displays ? members.displays.count : 0)
                    + (groups.host && members.host != nil ? 1 : 0)
                guard reached > 0 else { continue }
                if let note = onWritten, let started {
                    let clock = context.metrics.fanOutClock(recipients: reached, started: started)
                    onWritten = { client, written in
                        note(client, written)
                        clock.written()
                    }
                }
                let message = context.messages.encode(delivery.message)
                sent = (sent.messages + reached, sent.bytes + message.payloadCount * reached)
                let index = batch.add(message)
                if groups.players {
                    if players == nil { players = Array(members.players.values) }
                    batch.send(index, to: players!, onWritten: onWritten)
                }
                if groups.displays { batch.send(index, to: Array(members.displays.values), onWritten: onWritten) }
                if groups.host, let host = members.host { batch.send(index, to: host, onWritten: onWritten) }
            } else {
                let handle: ClientHandle? = switch delivery.audience {
                case .host: members.host
                case .player(let id): members.players[id]
                default: sender
                }
                guard let handle else { continue }
                let message = context.messages.encode(delivery.message)
                sent = (sent.messages + 1, sent.bytes + message.payloadCount)
                let index = batch.add(message)
                batch.send(index, to: handle, onWritten: onWritten, closeAfter: delivery.thenClose.map { ($0.code, $0.reason) })
            }
        }
        return batch
    }


    /// The host picked another join address: the host console and the projectors show it.
    func announceJoinAddress(_ joinURL: String) {
        post(Self.batch([Delivery(audience: .screens, message: .joinAddress(JoinAddressPayload(joinURL: joinURL)))],
                        to: members, sender: nil, context: context))
    }

    // MARK: - Lobby updates, coalesced

    private func scheduleFlush() {
        let delay = context.config.rooms.lobbyUpdateMilliseconds
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { weak.value?.flush() }
    }

    private func flush() {
        post(Self.batch(publisher.flush(room, to: members.attendance), to: members, sender: nil, context: context))
    }

    // MARK: - Snapshots

    /// The whole current screen for one member (see `RoomPublisher.state`).
    func state(for role: ClientState.Role) -> ServerMessage {
        .state(RoomPublisher.state(of: room, for: role, now: now))
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

    /// Forgets the ended room after `seconds` (default `endedRoomRetentionSeconds`; less for a room
    /// recovered after a restart, whose end was earlier).
    func scheduleRemoval(afterSeconds seconds: Int? = nil) {
        guard !removalScheduled else { return }
        removalScheduled = true
        let seconds = seconds ?? context.config.rooms.endedRoomRetentionSeconds
        let registry = context.registry, code = self.code
        // Past `maxEndedRooms`, the rooms that ended first are dropped now rather than at their time.
        let (ticket, dropped) = registry.markEnded(code, at: room.phaseSince, keepingAtMost: context.config.rooms.maxEndedRooms)
        for ref in dropped {
            context.logger.info("ended room dropped early (rooms.maxEndedRooms)", metadata: ["room": "\(ref.code)"])
            ref.run { $0.forget(); $0.stop() }
        }
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.queue.asyncAfter(deadline: .now() + .seconds(seconds)) {
            registry.removeEnded(code, ticket: ticket)
            weak.value?.forget()
            weak.value?.stop()
        }
    }

    /// Stops the timer (server shutdown).
    func stop() {
        timer?.cancel()
        timer = nil
    }
}
