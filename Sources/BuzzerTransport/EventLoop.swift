import BuzzerWebSocket
import CLinuxTCP
import Dispatch
import Glibc

/// One serial queue that owns a set of connections. Connections never move between loops, so a loop's
/// state needs no lock: everything runs on its queue.
package final class EventLoop: Sendable {
    package let index: Int
    package let queue: DispatchQueue
    private let state: LoopBound<LoopState>

    final class LoopState {
        var connections: ConnectionTable
        let readBuffer: UnsafeMutableRawBufferPointer
        var tickTimer: (any DispatchSourceTimer)?
        /// `writev`'s vector, reused by every flush on this loop (flushes never overlap on one loop).
        let iovecs = UnsafeMutableBufferPointer<iovec>.allocate(capacity: Connection.maxVectors)
        /// Readiness of every connection's socket, through one libdispatch source per loop.
        let poller = EpollPoller()
        /// A broadcast's direct recipients (`EventLoop.send(_:to:)`), kept between broadcasts so the
        /// list is not allocated for each; taken out while in use.
        private var directList: [(fd: Int32, slot: Int)] = []

        func takeDirectList() -> [(fd: Int32, slot: Int)] {
            var list: [(fd: Int32, slot: Int)] = []
            swap(&list, &directList)
            return list
        }

        func returnDirectList(_ list: [(fd: Int32, slot: Int)]) {
            directList = list
            directList.removeAll(keepingCapacity: true)
        }

        /// Called with each closed connection so the server can keep its count.
        var onRemove: (@Sendable () -> Void)?

        /// `EventLoop.later`'s work, in no particular order, and the one timer that runs it.
        var later: [LaterWork] = []
        var laterTimer: (any DispatchSourceTimer)?
        var laterTimerDue: UInt64?

        init(index: Int, readBufferBytes: Int) {
            connections = ConnectionTable(loopIndex: index)
            readBuffer = .allocate(byteCount: readBufferBytes, alignment: 16)
        }

        deinit {
            readBuffer.deallocate()
            iovecs.deallocate()
        }
    }

    init(index: Int, readBufferBytes: Int = 64 << 10) {
        self.index = index
        self.queue = DispatchQueue(label: "buzzer.loop.\(index)")
        self.state = .sending(LoopState(index: index, readBufferBytes: readBufferBytes), to: queue)
        queue.setSpecific(key: EventLoop.key, value: ObjectIdentifier(self))
    }

    /// Runs `work` on this loop.
    package func execute(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    package var inEventLoop: Bool {
        // dispatchPrecondition has no boolean form. The value is this loop's identity, not its index:
        // loop 0 of one server must not pass for loop 0 of another server in the same process.
        DispatchQueue.getSpecific(key: EventLoop.key) == ObjectIdentifier(self)
    }

    package func assertInEventLoop() {
        dispatchPrecondition(condition: .onQueue(queue))
    }

    private static let key = DispatchSpecificKey<ObjectIdentifier>()

    /// Starts the loop's tick (deadlines and keepalive for every connection, 4 times a second).
    /// One timer per loop, not per connection: 10,000 connections must not mean 10,000 timers.
    func start(tickInterval: Double = 0.25, onRemove: @escaping @Sendable () -> Void) {
        execute { [self] in
            let state = self.state.value
            state.onRemove = onRemove
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + tickInterval, repeating: tickInterval, leeway: .milliseconds(20))
            timer.setEventHandler { [self] in self.tick() }
            timer.activate()
            state.tickTimer = timer
            state.poller.start(queue: queue) { event in
                state.connections[event.id]?.handle(event)
            }
        }
    }

    func stop() {
        execute { [self] in
            self.state.value.tickTimer?.cancel()
            self.state.value.tickTimer = nil
            self.state.value.laterTimer?.cancel()
            self.state.value.laterTimer = nil
            self.state.value.laterTimerDue = nil
            self.state.value.poller.stop()
        }
    }

    /// Runs `work` on this loop `milliseconds` from now or a little later: the time is rounded up to
    /// the next multiple of `laterGrainMilliseconds` (or of `milliseconds`, when shorter), so work
    /// from many rooms shares one firing of the loop's one timer, at most about 20 a second. Never
    /// sooner than asked. For the coalesced updates of hundreds of rooms: each `asyncAfter` made a
    /// timer source of its own and woke libdispatch's manager thread to register it (1,600 a second
    /// in a 500 × 20 game).
    package func later(milliseconds: Int, _ work: @escaping () -> Void) {
        let state = self.state.value
        let grain = UInt64(max(1, min(Self.laterGrainMilliseconds, milliseconds))) * 1_000_000
        let asked = MonotonicClock.nanoseconds() &+ UInt64(max(0, milliseconds)) &* 1_000_000
        let due = (asked / grain &+ (asked % grain == 0 ? 0 : 1)) &* grain
        state.later.append(LaterWork(due: due, work: work))
        if let armed = state.laterTimerDue, armed <= due { return }
        armLater(at: due, state)
    }

    /// One piece of `later`'s work. A struct, not a tuple in the array: a bare closure in a generic
    /// container is re-abstracted each time it is taken out and put back, and work that waits through
    /// many firings would run under one more pair of thunks for each (the commit observer's bug, #43).
    struct LaterWork {
        let due: UInt64
        let work: () -> Void
    }

    /// `later`'s rounding: the most it adds to the time asked.
    package static let laterGrainMilliseconds = 50

    private func armLater(at due: UInt64, _ state: LoopState) {
        let timer: any DispatchSourceTimer
        if let existing = state.laterTimer {
            timer = existing
        } else {
            timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler { [self] in self.runLater() }
            timer.activate()
            state.laterTimer = timer
        }
        let now = MonotonicClock.nanoseconds()
        timer.schedule(deadline: .now() + .nanoseconds(Int(due > now ? due - now : 0)), leeway: .milliseconds(5))
        state.laterTimerDue = due
    }

    private func runLater() {
        let state = self.state.value
        state.laterTimerDue = nil
        let now = MonotonicClock.nanoseconds()
        var waiting: [LaterWork] = []
        let all = state.later
        state.later = []
        for item in all where item.due > now { waiting.append(item) }
        // Work may defer more work: it lands in `state.later`, after what still waits.
        for item in all.filter({ $0.due <= now }).sorted(by: { $0.due < $1.due }) { item.work() }
        state.later = waiting + state.later
        if let next = state.later.map(\.due).min(), state.laterTimerDue.map({ next < $0 }) ?? true { armLater(at: next, state) }
    }

    /// Walks the table's slots, not a copy (four times a second, 10,000 connections): a connection
    /// that closes meanwhile leaves its slot, and the walk finds it empty. A connection whose next
    /// deadline is later (`Connection.nextTick(notBefore:)`) is passed by on the table's own array:
    /// an idle WebSocket is reached once per keepalive, not 80 times, and its objects stay out of cache.
    private func tick() {
        let now = MonotonicClock.nanoseconds()
        let state = self.state.value
        var slot = 0
        while slot < state.connections.slotCount {
            if state.connections.isTickDue(at: slot, now: now) { state.connections.at(slot)?.tick(now: now) }
            slot += 1
        }
    }

    /// Records until when the tick may pass `connection` by (`ConnectionTable.setTickDue`).
    func setTickDue(_ connection: Connection, _ due: UInt64) {
        state.value.connections.setTickDue(connection.id, due)
    }

    /// Takes ownership of an accepted, non-blocking fd.
    func adopt(fd: Int32, remoteAddress: String, config: TransportConfig, lingerSeconds: Double, tls: TLSContext? = nil,
               proxyHeader: Connection.ProxyHeaderPolicy = .none, makeHandler: (Connection) -> any ConnectionHandler) {
        let state = self.state.value
        guard let (id, slot) = state.connections.reserve() else {
            // 16.7 million connections on one loop: refuse this one, as at the fd limit.
            Glibc.close(fd)
            state.onRemove?()
            return
        }
        let session = tls?.makeSession()
        let connection = Connection(fd: fd, id: id, loop: self, remoteAddress: remoteAddress, highWater: config.outboundHighWaterBytes,
                                    lingerSeconds: lingerSeconds, tls: session, proxyHeader: proxyHeader)
        state.connections.insert(connection, slot: slot)
        if tls != nil, session == nil {
            // OpenSSL could not make its state (out of memory): never serve https as plain http.
            connection.closeNow(reason: .local)
            return
        }
        connection.handler = makeHandler(connection)
        guard connection.start() else {
            // Not watchable (the epoll set is missing or full): drop it before the handler ever saw it.
            connection.handler = nil
            connection.closeNow(reason: .local)
            return
        }
        connection.handler?.connectionDidOpen(connection)
    }

    /// The loop's open connection with this id, if it is still open. Loop only.
    func connection(_ id: UInt64) -> Connection? {
        guard let connection = state.value.connections[id], !connection.isClosed else { return nil }
        return connection
    }

    /// Every open connection on this loop, as they are now. Loop only.
    var connections: [Connection] {
        state.value.connections.all
    }

    var readBuffer: UnsafeMutableRawBufferPointer { state.value.readBuffer }
    var iovecs: UnsafeMutableBufferPointer<iovec> { state.value.iovecs }
    var poller: EpollPoller { state.value.poller }

    /// Called once per connection, by `closeNow`.
    func remove(_ connection: Connection) {
        let state = self.state.value
        if state.connections.remove(connection.id) { state.onRemove?() }
    }

    /// Runs `body` with each connection still open and its own item, on the connection's loop, one
    /// hop per loop: the fan-out of a broadcast or a batch. `makeShared` makes a value once per loop
    /// that every body call on that loop may change (the messages, which keep the compressed frame
    /// the loop's first no-context-takeover recipient made).
    static func forEach<Item: Sendable, Shared>(
        _ items: some Sequence<(ConnectionHandle, Item)>, perLoop makeShared: @escaping @Sendable () -> Shared,
        _ body: @escaping @Sendable (Connection, Item, inout Shared) -> Void
    ) {
        for (loop, items) in byLoop(items.lazy.map { handle, item in (handle, (id: handle.id, item: item)) }) {
            loop.execute {
                var shared = makeShared()
                for (id, item) in items {
                    if let connection = loop.connection(id) { body(connection, item, &shared) }
                }
            }
        }
    }

    /// Sends `message` to each connection still open, one hop per loop, in the order given: the
    /// recipients' ids grouped by loop, each loop framing from one copy of `message` (which keeps the
    /// compressed frame the loop's first no-context-takeover recipient made).
    static func broadcast(_ message: OutboundMessage, to handles: [ConnectionHandle]) {
        for (loop, ids) in byLoop(handles.lazy.map { ($0, $0.id) }) { loop.execute { loop.send(message, to: ids) } }
    }

    /// A broadcast's share on this loop, in passes, so the second runs like a C server's loop:
    /// 1. from the table alone, each recipient that takes the plain frame straight to its socket goes
    ///    on the direct list, the others on the session list;
    /// 2. the frame goes to each direct recipient with one `send`, touching nothing but its fd. No
    ///    app code has run since pass 1 read the table (a failed write's close reaches the app), so
    ///    every fd is still its connection's: none was closed and given to a new accept meanwhile;
    /// 3. the few whose `send` took less than the frame queue the rest or fail, as any write does;
    /// 4. the session list gets the message through each session (compressed, queued behind
    ///    earlier output, or over TLS).
    private func send(_ message: OutboundMessage, to ids: [UInt64]) {
        var message = message
        let state = self.state.value
        var direct = state.takeDirectList()
        defer { state.returnDirectList(direct) }
        var viaSession: [UInt64] = []
        for id in ids {
            switch state.connections.route(id) {
            case .direct(let fd, let slot)?:
                assert(state.connections.at(slot)?.takesDirectWrites == true, "a direct route for a connection that cannot take one")
                direct.append((fd, slot))
            case .session?:
                viaSession.append(id)
            case nil:
                continue
            }
        }
        if !direct.isEmpty {
            let frame = message.plainFrame
            var short: [(slot: Int, sent: Int, errno: Int32)] = []
            frame.withUnsafeBytes { bytes in
                for (fd, slot) in direct {
                    let sent = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                    if sent != bytes.count { short.append((slot, sent, sent < 0 ? errno : 0)) }
                }
            }
            // Taken before any of them can reach the app: every slot still holds the connection sent to.
            let connections = short.map { state.connections.at($0.slot) }
            for (index, (_, sent, code)) in short.enumerated() {
                connections[index]?.finishDirectWrite(frame, sent: sent, errno: code)
            }
        }
        for id in viaSession {
            guard let connection = state.connections[id], !connection.isClosed else { continue }
            connection.handler?.sendShared(&message)
        }
    }

    /// Records whether `connection` takes broadcasts straight to its socket (`Connection.refreshDirect`).
    func setDirect(_ connection: Connection, _ direct: Bool) {
        state.value.connections.setDirect(connection.id, fd: direct ? connection.fd : nil)
    }

    /// Each recipient's element, grouped by the recipient's loop, in the order given. Called with
    /// concrete sequences from this module only (a broadcast's array, a batch's plan), so it is
    /// specialised: walked generically, it looked up type metadata per recipient.
    private static func byLoop<Element>(_ recipients: some Sequence<(ConnectionHandle, Element)>) -> [(loop: EventLoop, elements: [Element])] {
        // A server has a handful of loops: finding one by identity in a short array is cheaper than
        // hashing, and this runs once per recipient (10,000 for a broadcast to a full room).
        var byLoop: [(loop: EventLoop, elements: [Element])] = []
        for (handle, element) in recipients {
            if let index = byLoop.firstIndex(where: { $0.loop === handle.loop }) {
                byLoop[index].elements.append(element)
            } else {
                byLoop.append((handle.loop, [element]))
                byLoop[byLoop.count - 1].elements.reserveCapacity(recipients.underestimatedCount)
            }
        }
        return byLoop
    }
}

/// A Sendable reference to a connection: the loop that owns it plus its id. Two servers' loops are
/// different objects, so handles from two servers in one process never compare equal.
struct ConnectionHandle: Sendable, Hashable {
    let loop: EventLoop
    let id: UInt64

    /// Runs `body` with the connection on its loop (at once if already there); nothing if it has closed.
    func withConnection(_ body: @escaping @Sendable (Connection) -> Void) {
        if loop.inEventLoop {
            if let connection = loop.connection(id) { body(connection) }
        } else {
            let loop = self.loop, id = self.id
            loop.execute {
                if let connection = loop.connection(id) { body(connection) }
            }
        }
    }

    static func == (lhs: ConnectionHandle, rhs: ConnectionHandle) -> Bool { lhs.loop === rhs.loop && lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(loop))
        hasher.combine(id)
    }
}

/// The loops of one server, assigned to new connections round robin.
package final class EventLoopGroup: Sendable {
    package let loops: [EventLoop]

    /// `count` 0 means `automaticCount(cores:)` for this machine.
    package init(count: Int, readBufferBytes: Int = 64 << 10) {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let n = count > 0 ? count : Self.automaticCount(cores: cores)
        loops = (0..<n).map { EventLoop(index: $0, readBufferBytes: readBufferBytes) }
    }

    /// One loop more than there are cores. A broadcast splits its recipients by loop, so with exactly
    /// one loop per core each core's share is fixed: anything else running on a core (the archive's
    /// writer, another room, a co-located client) delays that share while another core may sit idle,
    /// since Linux is slow to move a thread that has just run. The extra loop leaves the scheduler a
    /// runnable share to hand to whichever core frees up first (docs/performance.md, "Event loops").
    package static func automaticCount(cores: Int) -> Int {
        max(1, cores) + 1
    }
}
