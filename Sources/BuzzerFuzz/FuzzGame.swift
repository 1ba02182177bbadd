import BuzzerApp
import BuzzerGame

/// One game of the protocol fuzzer: a room, its log, the publisher and who is attached, driven one
/// random step at a time, as `LiveRoom` drives a live room but with a clock the fuzzer moves.
struct FuzzGame {
    typealias Failure = ProtocolFuzzer.Failure

    let seed: UInt64
    let number: Int
    let options: ProtocolFuzzer.Options
    var source: FuzzSource

    var room: Room?
    /// Every event the room returned, `room_created` first: what the archive would hold.
    var log: [RoomEvent] = []
    var publisher = RoomPublisher()
    var flushPending = false
    var now: GameInstant
    /// Players with a connection, in attach order, as `LiveRoom.Members` has them.
    var attached: [PlayerID] = []
    var hostAttached = true
    var displays = 0
    /// Every resume token hash handed out, newest last, by player: old ones must fail (or resume once).
    var tokens: [PlayerID: [String]] = [:]
    var counter = 0
    /// Steps taken in this game.
    var step = 0
    /// How many steps this game may take before the host ends it.
    let length: Int
    /// Chaos: how often a step is a random command rather than one that moves the game on.
    let chaos: Double
    /// A greedy game plays to win: right answers and the largest stakes, over long wager rounds.
    let greedy: Bool
    /// The caps on host-driven events (`game.hostLimits`): tight in some games, so `limit_reached` is played.
    let limits: HostLimits
    /// Every phase the room has been in.
    var visited: Set<RoomPhase> = [.lobby]
    /// What the current step does, for a failure or the trace.
    var action = Action.create("")
    /// What the room made of it, for the trace.
    var outcome = ""

    init(seed: UInt64, number: Int, options: ProtocolFuzzer.Options) {
        self.seed = seed
        self.number = number
        self.options = options
        source = FuzzSource(seed: ProtocolFuzzer.gameSeed(seed, number))
        now = source.chance(0.1) ? 0 : 1_700_000_000_000 + GameInstant(source.int(0...100_000_000))
        greedy = source.chance(0.1)
        length = greedy ? 6000 : source.pick([100, 400, 1000, 3000, 6000])
        chaos = greedy ? 0 : source.pick([0.05, 0.2, 0.5, 1])
        var limits = HostLimits()
        if source.chance(0.2) {
            limits.scoreAdjustments = source.int(1...5)
            limits.acceptedAnswers = source.int(1...5)
            limits.renames = source.int(1...5)
            limits.runOfShowChanges = source.int(1...10)
        }
        self.limits = limits
    }

    /// Plays until the room has ended (and a few steps after), the game's length, or the budget.
    mutating func play(budget: Int, report: inout ProtocolFuzzer.Report, print output: (String) -> Void) {
        var endedFor = 0
        while step < budget {
            if let room, room.phase == .ended {
                endedFor += 1
                if endedFor > 8 { break }
            }
            step += 1
            report.steps += 1
            FuzzCrashReporter.at(seed: seed, game: number, step: step)
            do {
                try takeStep(report: &report, print: output)
                if step % options.replayEvery == 0 { try checkReplay(report: &report) }
            } catch {
                record(error, report: &report, print: output)
                return
            }
        }
        do {
            try checkReplay(report: &report)
        } catch {
            record(error, report: &report, print: output)
        }
        for phase in visited { report.phasesReached[phase, default: 0] += 1 }
        report.endings[room?.endReason?.rawValue ?? "unfinished", default: 0] += 1
    }

    private mutating func record(_ failure: Failure, report: inout ProtocolFuzzer.Report, print output: (String) -> Void) {
        var failure = failure
        failure.runStep = report.steps
        output(failure.description)
        if report.failures.count < 100 { report.failures.append(failure) }
        for phase in visited { report.phasesReached[phase, default: 0] += 1 }
    }

    /// A failure at this step.
    func failure(_ invariant: String, _ detail: String) -> Failure {
        Failure(seed: seed, game: number, step: step, runStep: 0, phase: room?.phase, command: action.description, invariant: invariant, detail: detail)
    }

    // MARK: - One step

    private mutating func takeStep(report: inout ProtocolFuzzer.Report, print output: (String) -> Void) throws(Failure) {
        guard let room else {
            try create(report: &report)
            if options.trace { output("step \(step) create\(greedy ? " (greedy)" : ""), chaos \(chaos), length \(length): \(action)") }
            return
        }
        advanceClock()
        let phase = room.phase
        // LiveRoom's timer ticks at the next deadline; a command may still come first.
        if let deadline = room.nextDeadline, deadline <= now, source.chance(0.6) {
            action = .timer(at: now)
            if options.trace { output("step \(step) \(phase.rawValue): \(action)") }
            try run(.tick, report: &report)
            if options.trace { output("  → \(outcome)") }
            return
        }
        switch source.weighted([80, greedy ? 0 : 8, flushPending ? 8 : 0, 3]) {
        case 0:
            let command = nextCommand()
            action = .command(command, at: now)
            if options.trace { output("step \(step) \(phase.rawValue): \(action)") }
            try run(command, report: &report)
            if options.trace { output("  → \(outcome)") }
        case 1:
            let (json, role) = clientMessage()
            action = .client(json, from: role, at: now, then: nil)
            if options.trace { output("step \(step) \(phase.rawValue): \(action)") }
            outcome = "not run"
            try send(json, from: role, report: &report)
            if options.trace { output("  → \(outcome)") }
        case 2:
            action = .flush(at: now)
            if options.trace { output("step \(step) \(phase.rawValue): \(action)") }
            flushPending = false
            let deliveries = publisher.flush(room, to: attendance)
            try check(deliveries, report: &report)
        default:
            let role = randomRole()
            action = .state(for: role, at: now)
            if options.trace { output("step \(step) \(phase.rawValue): \(action)") }
            try check([Delivery(audience: audience(of: role), message: .state(RoomPublisher.state(of: room, for: role, now: now)))], report: &report)
        }
    }

    /// Time passes between steps: mostly not at all or a little, sometimes to the next timer exactly, sometimes hours.
    private mutating func advanceClock() {
        let deadline = room?.nextDeadline
        let jump: GameDuration
        switch source.weighted([40, 10, 25, 8, deadline == nil ? 0 : 10, deadline == nil ? 0 : 4, 2, 1]) {
        case 0: jump = 0
        case 1: jump = 1
        case 2: jump = GameDuration(source.int(2...5000))
        case 3: jump = GameDuration(source.int(5000...120_000))
        case 4: jump = max(0, deadline! - now)
        case 5: jump = max(0, deadline! - now - 1)
        case 6: jump = GameDuration(source.int(1...12)) * 3_600_000
        default: jump = GameDuration(source.int(1...400)) * 86_400_000
        }
        now += jump
    }

    /// Who is attached now, as the publisher sees it.
    var attendance: Attendance<[PlayerID]> { Attendance(players: attached, host: hostAttached, displays: displays) }

    // MARK: - Running commands

    /// Runs `command` as `LiveRoom.perform` does: the room decides, the publisher addresses, then the
    /// connection that entered is attached and gets its `state`.
    mutating func run(_ command: RoomCommand, report: inout ProtocolFuzzer.Report) throws(Failure) {
        guard var room else { return }
        let before = room
        let events: [RoomEvent]
        do {
            events = try room.handle(command, at: now, limits: limits)
        } catch {
            outcome = "refused: \(error.code)"
            report.refused[error.code.rawValue, default: 0] += 1
            guard error.code.isSentToClients else {
                throw failure("documented error code", "\(error.code) is not in docs/protocol-errors.md's table (\(error))")
            }
            guard room == before else { throw failure("a refusal changes nothing", "\(error.code) changed the room") }
            return
        }
        outcome = events.isEmpty ? "accepted, no events" : events.map(\.type).joined(separator: ", ")
        report.accepted += 1
        self.room = room
        log += events
        for case .questionShown in events { visited.insert(.reading) }
        for case .answersOpened in events { visited.insert(.open) }
        visited.insert(room.phase)
        let publication = publisher.publish(events, in: room, to: attendance, now: now)
        if publication.scheduleFlush { flushPending = true }
        try check(publication.deliveries, report: &report)
        try attach(after: command, events: events, report: &report)
    }

    /// Keeps `attached`, the host and the displays as the app would after `events`, and sends the
    /// `state` a member gets on entering.
    private mutating func attach(after command: RoomCommand, events: [RoomEvent], report: inout ProtocolFuzzer.Report) throws(Failure) {
        guard let room else { return }
        var entered: [ClientState.Role] = []
        for event in events {
            switch event {
            case .playerJoined(let e):
                tokens[e.player, default: []].append(e.resumeTokenHash)
                if !attached.contains(e.player) { attached.append(e.player) }
                entered.append(.player(e.player))
            case .playerReconnected(let e):
                tokens[e.player, default: []].append(e.resumeTokenHash)
                if !attached.contains(e.player) { attached.append(e.player) }
                entered.append(.player(e.player))
            case .playerDisconnected(let e): attached.removeAll { $0 == e.player }
            case .playerLeft(let e): attached.removeAll { $0 == e.player }
            case .playerKicked(let e): attached.removeAll { $0 == e.player }
            case .hostDisconnected: hostAttached = false
            case .hostReconnected:
                hostAttached = true
                entered.append(.host)
            case .displayConnected:
                displays += 1
                entered.append(.display)
            case .displayDisconnected: displays = max(0, displays - 1)
            default: break
            }
        }
        // After the end nothing is logged, but the podium is still served.
        if events.isEmpty, room.phase == .ended {
            switch command {
            case .hostReconnect: entered.append(.host)
            case .displayConnected: entered.append(.display)
            case .resume(let hash, _):
                if let id = tokens.first(where: { $0.value.contains(hash) })?.key { entered.append(.player(id)) }
            default: break
            }
        }
        try check(entered.map { role in
            Delivery(audience: audience(of: role), message: .state(RoomPublisher.state(of: room, for: role, now: now)))
        }, report: &report)
    }

    func audience(of role: ClientState.Role) -> Delivery.Audience {
        switch role {
        case .host: .host
        case .player(let id): .player(id)
        case .display: .displays
        case .none: .everyoneButHost
        }
    }

    mutating func randomRole() -> ClientState.Role {
        switch source.weighted([2, 6, 2]) {
        case 0: return .host
        case 1: return .player(somePlayer())
        default: return .display
        }
    }

    /// What a step does. Described only for a trace or a failure: describing huge strings costs more than the step.
    enum Action: CustomStringConvertible {
        case create(String)
        case timer(at: GameInstant)
        case command(RoomCommand, at: GameInstant)
        case client(String, from: ClientState.Role, at: GameInstant, then: RoomCommand?)
        case flush(at: GameInstant)
        case state(for: ClientState.Role, at: GameInstant)

        var description: String {
            switch self {
            case .create(let what): "create \(what)"
            case .timer(let at): "tick (the room's timer) at \(at)"
            case let .command(command, at): "\(short(command)) at \(at)"
            case let .client(json, role, at, then): "client \(role) at \(at): \(short(json))\(then.map { " → \(short($0))" } ?? "")"
            case .flush(let at): "flush at \(at)"
            case let .state(role, at): "state for \(role) at \(at)"
            }
        }
    }

    /// A command's description, cut short (huge strings make for long lines).
    static func short(_ value: Any, limit: Int = 400) -> String {
        let text = "\(value)"
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        return "\(String(String.UnicodeScalarView(scalars.prefix(limit))))… (\(scalars.count) scalars)"
    }
}
