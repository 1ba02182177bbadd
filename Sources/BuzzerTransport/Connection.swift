import BuzzerWebSocket
import Dispatch
import DequeModule
import Glibc

/// One accepted TCP connection, owned by one event loop for its whole life.
///
/// Not Sendable: every method must run on `loop.queue`. Other threads reach a connection through its
/// `ConnectionHandle`, which hops to the loop.
///
/// Readiness comes from the loop's `EpollPoller`, not from a dispatch source per socket, so libdispatch
/// never registers or tears down anything per connection (docs/transport.md):
/// - the socket leaves the epoll set when `closeNow` closes it (no `EPOLL_CTL_DEL`: one system call fewer a close);
/// - write interest is on only while output is pending: on a writable socket it fires continuously;
/// - read interest goes off at EOF (a closed peer stays readable forever).
final class Connection {
    enum State {
        case open
        /// No more writes accepted; close once the queue is empty. A peer that takes no bytes until
        /// `deadline` (pushed back on every write that makes progress) is dropped: otherwise a client that
        /// stops reading after its Close, or halfway through a response, holds the connection forever.
        case closingAfterFlush(deadline: UInt64)
        /// Our side is shut down (SHUT_WR); read and discard until EOF or the linger deadline, so unread
        /// input cannot turn our last frames into a TCP reset.
        case draining(deadline: UInt64)
        case closed
    }

    private struct PendingWrite {
        var bytes: [UInt8]
        var offset: Int
        var onWritten: ((UInt64) -> Void)?
    }

    let id: UInt64
    let loop: EventLoop
    /// The socket's peer.
    let peerAddress: String
    /// The client: the peer, or the source address a trusted proxy's PROXY v2 header named. (A request
    /// from a trusted address may still name the client in `server.forwardedHeader`: the session reads that.)
    var remoteAddress: String
    /// From a trusted proxy, until the first bytes show whether a PROXY v2 header comes and it is read.
    /// The header is optional: HAProxy's `send-proxy-v2` always sends one, nginx never does.
    var proxyHeader: ProxyProtocolParser?
    var handle: ConnectionHandle { ConnectionHandle(loop: loop, id: id) }
    var handler: (any ConnectionHandler)?
    private(set) var queuedBytes = 0
    private(set) var state: State = .open

    let fd: Int32
    /// What the epoll set watches for this socket.
    private var interest = EpollPoller.Interest(read: true, write: false)
    private var outbound = Deque<PendingWrite>()
    private let highWater: Int
    /// When the outbound queue last moved: bytes went to the kernel, or the queue began to wait.
    /// A streamed response that sees no progress for long is a stalled reader.
    private(set) var outboundProgressAt: UInt64 = 0
    /// One waiter for the queue to fall below a mark: the next piece of a streamed body.
    private var drainWaiter: (below: Int, body: () -> Void)?
    private let lingerSeconds: Double
    /// Set by `closeAfterFlush(peerIsDone:)`: close as soon as the queue is empty, with no linger.
    private var skipsLinger = false
    /// https/wss: everything read is decrypted before the handler sees it, everything written is
    /// sealed first; the socket plumbing below is the same for both.
    let tls: TLSSession?

    init(fd: Int32, id: UInt64, loop: EventLoop, remoteAddress: String, highWater: Int, lingerSeconds: Double, tls: TLSSession? = nil,
         proxyHeader: ProxyHeaderPolicy = .none) {
        self.fd = fd
        self.id = id
        self.loop = loop
        self.peerAddress = remoteAddress
        self.remoteAddress = remoteAddress
        if proxyHeader.proxies.trusts(remoteAddress) { self.proxyHeader = ProxyProtocolParser(maxBytes: proxyHeader.maxBytes) }
        self.highWater = highWater
        self.lingerSeconds = lingerSeconds
        self.tls = tls
    }

    /// Registers the socket with the loop's epoll set; called by the loop once the connection is in its
    /// table. False when it could not be watched (the caller closes it).
    func start() -> Bool {
        loop.poller.add(fd, id: id, interest: interest) == 0
    }

    /// A readiness event from the loop's poller.
    func handle(_ event: EpollPoller.Event) {
        if event.writable, interest.write { writable() }
        if isClosed { return }
        if event.readable, interest.read {
            readable()
        } else if event.hangup {
            // Reported whatever the interest: reading tells a reset from an orderly close.
            if interest.read {
                readable()
            } else {
                closeNow(reason: .peerClosed)
            }
        }
    }

    func setInterest(read: Bool? = nil, write: Bool? = nil) {
        var next = interest
        if let read { next.read = read }
        if let write { next.write = write }
        guard next != interest, !isClosed else { return }
        interest = next
        let code = loop.poller.modify(fd, id: id, interest: next)
        if code != 0 { closeNow(reason: .ioError(errno: code)) }
    }

    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    // MARK: Writing

    /// Sends `bytes`, writing at once when the socket takes them and queueing the rest. The array is kept,
    /// not copied, so a broadcast frame shared by many connections stays one allocation.
    /// `onWritten` gets the monotonic instant the last byte went to the kernel.
    func write(_ bytes: [UInt8], onWritten: ((UInt64) -> Void)? = nil) {
        guard case .open = state, !bytes.isEmpty else { return }
        if let tls {
            writeRaw(bytes.withUnsafeBytes { tls.seal($0) }, onWritten: onWritten)
            return
        }
        writeRaw(bytes, onWritten: onWritten)
    }

    /// Bytes as they go on the wire (already sealed, on a TLS connection).
    func writeRaw(_ bytes: [UInt8], onWritten: ((UInt64) -> Void)? = nil) {
        guard case .open = state, !bytes.isEmpty else { return }
        var offset = 0
        if outbound.isEmpty {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard let taken = firstAttempt(sent, of: bytes.count, onWritten: onWritten) else { return }
            offset = taken
        }
        enqueue(bytes, offset: offset, onWritten: onWritten)
        afterEnqueue()
    }

    /// Sends several buffers back to back with one `writev` (a shared frame and a recipient's own
    /// frame: one system call instead of two). `onWritten` follows the last byte of the last part.
    func write(parts: [[UInt8]], onWritten: ((UInt64) -> Void)? = nil) {
        guard parts.count > 1 else {
            if let only = parts.first { write(only, onWritten: onWritten) }
            return
        }
        guard case .open = state else { return }
        // One TLS record run for all the parts: sealing them together costs less than one by one.
        if tls != nil {
            write(parts.flatMap { $0 }, onWritten: onWritten)
            return
        }
        var firstUnsent = 0, offset = 0
        if outbound.isEmpty {
            let total = parts.reduce(0) { $0 + $1.count }
            let count = min(parts.count, Self.maxVectors)
            let sent = withPinnedVectors(parts, count: count) { Self.sendVectors(fd, $0, count) }
            guard var remaining = firstAttempt(sent, of: total, onWritten: onWritten) else { return }
            // Skip what the kernel took: whole parts, then part of one.
            while remaining > 0, remaining >= parts[firstUnsent].count {
                remaining -= parts[firstUnsent].count
                firstUnsent += 1
            }
            offset = remaining
        }
        for index in firstUnsent..<parts.count where parts[index].count > (index == firstUnsent ? offset : 0) {
            enqueue(parts[index], offset: index == firstUnsent ? offset : 0, onWritten: index == parts.count - 1 ? onWritten : nil)
        }
        afterEnqueue()
    }

    /// Nothing waits in the outbound queue (a write now goes to the socket at once).
    var hasNothingQueued: Bool { outbound.isEmpty }

    /// What the loop's table last heard of `takesDirectWrites` (`refreshDirect`).
    var markedDirect = false

    /// What a write attempted at once did, read right after the system call (errno): nil when every
    /// byte went (and `onWritten` ran) or the connection failed; otherwise how many bytes went, the
    /// rest to be queued (0 when the socket was full).
    private func firstAttempt(_ sent: Int, of total: Int, onWritten: ((UInt64) -> Void)?) -> Int? {
        if sent == total {
            onWritten?(MonotonicClock.nanoseconds())
            return nil
        }
        guard sent < 0 else { return sent }
        let code = errno
        if code != EAGAIN && code != EWOULDBLOCK && code != EINTR {
            closeNow(reason: Self.reason(for: code))
            return nil
        }
        return 0
    }

    func enqueue(_ bytes: [UInt8], offset: Int, onWritten: ((UInt64) -> Void)?) {
        let wasEmpty = outbound.isEmpty
        if wasEmpty { outboundProgressAt = MonotonicClock.nanoseconds() }
        outbound.append(PendingWrite(bytes: bytes, offset: offset, onWritten: onWritten))
        queuedBytes += bytes.count - offset
        if wasEmpty, markedDirect { refreshDirect() }
    }

    func afterEnqueue() {
        if queuedBytes > highWater {
            closeNow(reason: .slowReader(queuedBytes: queuedBytes))
            return
        }
        setInterest(write: true)
    }

    private func writable() {
        flush()
    }

    /// `writev` as `sendmsg` with `MSG_NOSIGNAL`: a peer that reset the connection gives `EPIPE`,
    /// not a SIGPIPE that kills the process. `buzzer serve` ignores SIGPIPE anyway; a server run
    /// in-process (the tests) must not depend on it.
    private static func sendVectors(_ fd: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>, _ count: Int) -> Int {
        var message = msghdr()
        message.msg_iov = vectors.baseAddress
        message.msg_iovlen = count
        return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
    }

    /// Buffers one `writev` takes at most (Linux's IOV_MAX is 1024; a few dozen frames is already plenty).
    static let maxVectors = 64

    private func flush() {
        while !outbound.isEmpty {
            let count = min(Self.maxVectors, outbound.count)
            let written = withPinnedVectors(count: count) { Self.sendVectors(fd, $0, count) }
            if written < 0 {
                let code = errno
                if code == EAGAIN || code == EWOULDBLOCK { break }
                if code == EINTR { continue }
                closeNow(reason: Self.reason(for: code))
                return
            }
            var remaining = written
            queuedBytes -= written
            if written > 0 { outboundProgressAt = MonotonicClock.nanoseconds() }
            if case .closingAfterFlush = state, written > 0 {
                state = .closingAfterFlush(deadline: MonotonicClock.after(seconds: lingerSeconds))
            }
            let now = outbound.first?.onWritten == nil ? 0 : MonotonicClock.nanoseconds()
            while remaining > 0, var first = outbound.first {
                let left = first.bytes.count - first.offset
                if remaining >= left {
                    remaining -= left
                    outbound.removeFirst()
                    first.onWritten?(now == 0 ? MonotonicClock.nanoseconds() : now)
                } else {
                    first.offset += remaining
                    outbound[outbound.startIndex] = first
                    remaining = 0
                }
            }
        }
        if outbound.isEmpty {
            setInterest(write: false)
            if case .closingAfterFlush = state { beginDrain() }
            refreshDirect()
        }
        if let waiter = drainWaiter, queuedBytes < waiter.below, case .open = state {
            drainWaiter = nil
            waiter.body()
        }
    }

    /// Calls `body` on this loop once fewer than `bytes` are queued: at once if that is already so,
    /// else from the flush that gets there. One waiter at a time; dropped if the connection closes.
    func whenQueued(below bytes: Int, _ body: @escaping () -> Void) {
        guard case .open = state else { return }
        if queuedBytes < bytes {
            body()
        } else {
            drainWaiter = (bytes, body)
        }
    }

    /// Fills the loop's iovec array with the first `count` pending writes and calls `body` while every
    /// one of their pointers is valid: each comes from a nested `withUnsafeBytes`, so the storage is
    /// pinned for exactly as long as `writev` may read it (a pointer must not escape its closure).
    private func withPinnedVectors(count: Int, from index: Int = 0, _ body: (UnsafeMutableBufferPointer<iovec>) -> Int) -> Int {
        let vectors = loop.iovecs
        guard index < count else { return body(vectors) }
        let pending = outbound[outbound.index(outbound.startIndex, offsetBy: index)]
        return pending.bytes.withUnsafeBytes { raw in
            vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + pending.offset), iov_len: raw.count - pending.offset)
            return withPinnedVectors(count: count, from: index + 1, body)
        }
    }

    /// The same for buffers not queued yet.
    private func withPinnedVectors(_ parts: [[UInt8]], count: Int, from index: Int = 0, _ body: (UnsafeMutableBufferPointer<iovec>) -> Int) -> Int {
        let vectors = loop.iovecs
        guard index < count else { return body(vectors) }
        return parts[index].withUnsafeBytes { raw in
            vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress!), iov_len: raw.count)
            return withPinnedVectors(parts, count: count, from: index + 1, body)
        }
    }

    // MARK: Closing

    /// Closes after everything queued is written, then shuts down our side and lingers briefly for EOF.
    ///
    /// `peerIsDone`: the peer has said it sends nothing more (a WebSocket close handshake both ways),
    /// so on plain TCP no input can be left unread to turn our last bytes into a reset, and the socket
    /// is closed as soon as the queue is empty, without the linger (a `shutdown`, a wakeup for the EOF
    /// and a read fewer per close). Over TLS the peer may still answer our close_notify: it lingers.
    func closeAfterFlush(peerIsDone: Bool = false) {
        guard case .open = state else { return }
        if let tls { writeRaw(tls.closeNotify()) }
        guard case .open = state else { return }
        state = .closingAfterFlush(deadline: MonotonicClock.after(seconds: lingerSeconds))
        skipsLinger = peerIsDone && tls == nil
        // The flush and linger deadlines are checked on every tick, whatever the handler last asked.
        loop.setTickDue(self, 0)
        refreshDirect()
        if outbound.isEmpty { beginDrain() }
    }

    private func beginDrain() {
        if skipsLinger {
            closeNow(reason: .local)
            return
        }
        shutdown(fd, Int32(SHUT_WR))
        if !interest.read {
            // The peer already sent EOF: nothing left to drain.
            closeNow(reason: .local)
            return
        }
        state = .draining(deadline: MonotonicClock.after(seconds: lingerSeconds))
    }

    /// Drops the connection at once; queued bytes are discarded.
    func closeNow(reason: ConnectionCloseReason) {
        if case .closed = state { return }
        state = .closed
        refreshDirect()
        outbound.removeAll()
        queuedBytes = 0
        drainWaiter = nil
        // Closing takes the socket out of the epoll set: the kernel drops a registration when the last
        // reference to its file goes, and ours is the last (accepted close-on-exec, never duplicated).
        // An event already harvested for it carries this id, which no later connection gets.
        Glibc.close(fd)
        // The handler hears first, then the connection leaves the count: once `connectionCount` has
        // dropped, the app has been told.
        let handler = self.handler
        self.handler = nil
        handler?.connectionDidClose(self, reason: reason)
        loop.remove(self)
    }

    /// Tells the loop's tick to pass this connection by until `due`: the handler has nothing to check
    /// before then, and anything that would make it check sooner calls this again (0: every tick).
    /// Only while open: closing, the connection's own deadlines are checked on every tick.
    func nextTick(notBefore due: UInt64) {
        guard case .open = state else { return }
        loop.setTickDue(self, due)
    }

    /// Called by the loop's tick.
    func tick(now: UInt64) {
        switch state {
        case .draining(let deadline):
            if now >= deadline { closeNow(reason: .local) }
        case .closingAfterFlush(let deadline):
            if now >= deadline {
                closeNow(reason: .timeout)
            } else {
                handler?.connection(self, tick: now)
            }
        case .open:
            handler?.connection(self, tick: now)
        case .closed:
            break
        }
    }

    var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    static func reason(for code: Int32) -> ConnectionCloseReason {
        switch code {
        case ECONNRESET, EPIPE: .reset
        default: .ioError(errno: code)
        }
    }
}
