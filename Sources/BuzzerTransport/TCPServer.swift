import BuzzerWebSocket
import CLinuxTCP
import Dispatch
import Glibc
import Synchronization

/// Listens on one TCP port and hands each accepted connection to an event loop.
///
/// Accepting runs on its own queue with a `DispatchSourceRead` on the listening socket; everything about
/// a connection after `accept` happens on its loop.
final class TCPServer: Sendable {
    let group: EventLoopGroup
    private let config: ServerConfig
    private let transport: TransportConfig
    private let lingerSeconds: Double
    private let makeHandler: @Sendable (Connection) -> any ConnectionHandler
    /// Whose connections may start with a PROXY v2 header, and how long one may be.
    private let proxyHeader: Connection.ProxyHeaderPolicy
    private let acceptQueue = DispatchQueue(label: "buzzer.accept")
    private let listener: Mutex<ListenerState> = Mutex(ListenerState())
    private let active = Atomic<Int>(0)

    private struct ListenerState: @unchecked Sendable {
        // Dispatch sources are thread-safe objects; the Mutex guards the optional itself.
        var source: (any DispatchSourceRead)?
        var fd: Int32 = -1
        var port: Int = 0
        var roundRobin = 0
        var paused = false
    }

    /// `makeHandler` runs on the connection's loop and returns the protocol handler for it.
    /// https/wss when set (`server.tls`).
    let tls: TLSContext?

    /// `maxProxyHeaderBytes` bounds a trusted proxy's PROXY v2 header (`websocket.maxHeaderBytes`).
    init(config: ServerConfig, transport: TransportConfig, timeouts: TimeoutConfig, group: EventLoopGroup, tls: TLSContext? = nil,
         maxProxyHeaderBytes: Int = 8192, makeHandler: @escaping @Sendable (Connection) -> any ConnectionHandler) {
        self.tls = tls
        self.proxyHeader = Connection.ProxyHeaderPolicy(proxies: config.proxies, maxBytes: maxProxyHeaderBytes)
        self.config = config
        self.transport = transport
        self.lingerSeconds = timeouts.closeSeconds
        self.group = group
        self.makeHandler = makeHandler
    }

    /// Connections open right now, across all loops.
    var connectionCount: Int { active.load(ordering: .relaxed) }

    /// The bound port (the real one when the config asked for 0).
    var port: Int { listener.withLock { $0.port } }

    /// Binds, listens, and starts accepting. Returns the bound port.
    @discardableResult
    func start() throws(TransportError) -> Int {
        let fd = try Self.makeListeningSocket(host: config.host, port: config.port)
        let port = Self.boundPort(fd)
        for loop in group.loops {
            loop.start { [self] in self.active.subtract(1, ordering: .relaxed) }
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
        source.setEventHandler { [self] in self.acceptAll(fd) }
        source.setCancelHandler { Glibc.close(fd) }
        listener.withLock {
            $0.source = source
            $0.fd = fd
            $0.port = port
        }
        source.activate()
        return port
    }

    /// Accepts until the listener is empty, handing the new connections to their loops in batches: one
    /// hop (one wakeup of the loop's thread) per loop per batch, not per connection (a room of 2,000
    /// phones joining at once). Every fd is handed over before this returns.
    private func acceptAll(_ listenFD: Int32) {
        var batches = [[(fd: Int32, remote: String)]](repeating: [], count: group.loops.count)
        defer { handOver(&batches) }
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    buzzer_accept_nonblocking(listenFD, $0, &length)
                }
            }
            if fd < 0 {
                let code = errno
                if code == EINTR || code == ECONNABORTED { continue }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    pauseAccepting()
                }
                return
            }
            if active.load(ordering: .relaxed) >= config.maxConnections {
                Glibc.close(fd)
                continue
            }
            active.add(1, ordering: .relaxed)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let remote = Self.describe(storage)
            let index = listener.withLock { state -> Int in
                state.roundRobin = (state.roundRobin + 1) % group.loops.count
                return state.roundRobin
            }
            batches[index].append((fd, remote))
            if batches[index].count >= Self.acceptBatch { handOver(&batches) }
        }
    }

    /// Connections accepted before they go to their loops: enough to save the wakeups of a crowd
    /// arriving, few enough that the first of them waits no longer than a few accepts.
    static let acceptBatch = 32

    private func handOver(_ batches: inout [[(fd: Int32, remote: String)]]) {
        let transport = self.transport, linger = self.lingerSeconds, makeHandler = self.makeHandler, tls = self.tls, proxyHeader = self.proxyHeader
        for index in batches.indices where !batches[index].isEmpty {
            let loop = group.loops[index], batch = batches[index]
            batches[index].removeAll(keepingCapacity: true)
            loop.execute {
                for (fd, remote) in batch {
                    loop.adopt(fd: fd, remoteAddress: remote, config: transport, lingerSeconds: linger, tls: tls, proxyHeader: proxyHeader, makeHandler: makeHandler)
                }
            }
        }
    }

    /// Out of fds: stop accepting for a moment instead of spinning on a listener that stays readable.
    private func pauseAccepting() {
        let paused = listener.withLock { state -> Bool in
            guard !state.paused, let source = state.source else { return false }
            state.paused = true
            source.suspend()
            return true
        }
        guard paused else { return }
        acceptQueue.asyncAfter(deadline: .now() + .milliseconds(100)) { [self] in
            self.listener.withLock { state in
                guard state.paused else { return }
                state.paused = false
                state.source?.resume()
            }
        }
    }

    /// Stops accepting, asks every handler to say goodbye, and drops what is left after `within` seconds.
    /// `completion` runs once every connection is gone (or was dropped at the bound).
    func shutdown(within seconds: Double, completion: @escaping @Sendable () -> Void) {
        let deadline = MonotonicClock.after(seconds: seconds)
        // On the accept queue: every fd accepted before this point has already been handed to its loop,
        // so the goodbye below reaches it too (no connection slips in after the notices went out).
        acceptQueue.async { [self] in
            let source: (any DispatchSourceRead)? = listener.withLock { state in
                defer { state.source = nil }
                if state.paused, let source = state.source { source.resume() }
                state.paused = false
                return state.source
            }
            source?.cancel()
            for loop in group.loops {
                loop.execute {
                    for connection in Array(loop.connections) {
                        connection.handler?.connectionShouldShutDown(connection)
                    }
                }
            }
            waitForDrain(deadline: deadline, completion: completion)
        }
    }

    private func waitForDrain(deadline: UInt64, completion: @escaping @Sendable () -> Void) {
        if active.load(ordering: .relaxed) == 0 {
            group.loops.forEach { $0.stop() }
            completion()
            return
        }
        if MonotonicClock.nanoseconds() >= deadline {
            let remaining = DispatchGroup()
            for loop in group.loops {
                remaining.enter()
                loop.execute {
                    for connection in Array(loop.connections) { connection.closeNow(reason: .shutdown) }
                    loop.stop()
                    remaining.leave()
                }
            }
            remaining.notify(queue: acceptQueue, execute: completion)
            return
        }
        acceptQueue.asyncAfter(deadline: .now() + .milliseconds(20)) { [self] in
            self.waitForDrain(deadline: deadline, completion: completion)
        }
    }

    // MARK: Sockets

    private static func makeListeningSocket(host: String, port: Int) throws(TransportError) -> Int32 {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isV6: Bool
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            isV6 = false
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            isV6 = true
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw .badAddress(host)
        }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socketFailed(operation: "socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32 = isV6
            ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .socketFailed(operation: "bind \(host):\(port)", errno: code)
        }
        guard listen(fd, 4096) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .socketFailed(operation: "listen", errno: code)
        }
        return fd
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// The peer's address as `IPAddress` spells it (an IPv4 peer on an IPv6 socket as IPv4).
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        let family = storage.ss_family
        let address: IPAddress? = withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    withUnsafeBytes(of: address.pointee.sin6_addr) { IPAddress(bytes: $0) }
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin_addr) { IPAddress(bytes: $0) }
            }
        }
        return address?.description ?? "?"
    }
}
