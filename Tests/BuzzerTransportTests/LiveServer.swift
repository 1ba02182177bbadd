import BuzzerApp
import BuzzerTestSupport
@testable import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Logging
import Synchronization
import Testing

/// An in-process WebSocket server on 127.0.0.1, port 0, for one test. `stop()` shuts it down and waits
/// (bounded) for the completion, so no loop or socket outlives the test.
final class LiveServer: Sendable {
    let server: WebSocketServer
    let port: Int

    init(config: WebSocketServerConfig, service: some WebSocketService, logger: Logger = Logger(label: "buzzer.transport")) throws {
        LiveServer.raiseFileLimit()
        server = WebSocketServer(config: config, service: service, logger: logger)
        port = try server.start()
    }

    /// The echo service (`buzzer echo`) with `BuzzerConfig.conformance` limits, tweaked by `adjust`.
    static func echo(compression: Bool = false, _ adjust: (inout BuzzerConfig) -> Void = { _ in }) throws -> LiveServer {
        var config = testConfig()
        adjust(&config)
        LiveServer.raiseFileLimit()
        return try LiveServer(wrapping: EchoServer.make(config: config, compression: compression))
    }

    /// A server with `service` (a `RecordingService`) and conformance limits tweaked by `adjust`.
    static func recording(
        _ service: RecordingService, paths: Set<String>? = nil, subprotocols: [String] = [], compression: Bool = false,
        logger: Logger = Logger(label: "buzzer.transport"), _ adjust: (inout BuzzerConfig) -> Void = { _ in }
    ) throws -> LiveServer {
        var config = testConfig()
        adjust(&config)
        var websocket = config.websocket
        websocket.compression.enabled = compression
        let serverConfig = WebSocketServerConfig(
            server: config.server, websocket: websocket, timeouts: config.timeouts, transport: config.transport,
            paths: paths, subprotocols: subprotocols)
        return try LiveServer(config: serverConfig, service: service, logger: logger)
    }

    private init(wrapping server: WebSocketServer) throws {
        self.server = server
        port = try server.start()
    }

    /// Conformance limits on loopback with two loops, so cross-loop paths are exercised on any machine.
    static func testConfig() -> BuzzerConfig {
        var config = BuzzerConfig.conformance(host: "127.0.0.1", port: 0)
        config.server.eventLoops = 2
        config.timeouts.closeSeconds = 2
        return config
    }

    var connectionCount: Int { server.connectionCount }

    /// Graceful shutdown; true if the completion ran within `within` plus a scheduling margin.
    @discardableResult
    func stop(within seconds: Double = 1) -> Bool {
        let done = Atomic<Bool>(false)
        server.shutdown(within: seconds) { done.store(true, ordering: .releasing) }
        return eventually(timeout: seconds + 2) { done.load(ordering: .acquiring) }
    }

    /// Runs `body` with a started server and always stops it afterwards.
    static func with<R>(_ server: LiveServer, _ body: (LiveServer) throws -> R) rethrows -> R {
        defer { server.stop() }
        return try body(server)
    }

    /// The 1,000-connection test needs ~2,000 fds in this process (both ends of every socket).
    static func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// A service that echoes data messages and records what the server told it, for assertions from the
/// test thread. All state sits behind one Mutex because the callbacks run on the loops.
final class RecordingService: WebSocketService {
    typealias Handle = WebSocketHandle<RecordingHandler>

    struct State {
        var handles: [Handle] = []
        var subprotocols: [String?] = []
        var closeReasons: [ConnectionCloseReason] = []
        var received = 0
        var roundTrips = 0
        var sessions: [WeakSession] = []
    }

    /// A connection's session, seen through the transport's internals and held weakly: tests check
    /// that closed sessions are freed. `@unchecked Sendable`: it only holds a weak reference, and weak
    /// loads are atomic in the runtime.
    final class WeakSession: @unchecked Sendable {
        weak var value: AnyObject?
        init(_ value: AnyObject?) { self.value = value }
    }

    let state = Mutex(State())
    let echo: Bool

    init(echo: Bool = true) {
        self.echo = echo
    }

    /// Size of the body `/big` answers with: several times a loopback socket buffer.
    static let bigBodyBytes = 8 << 20
    static let bigBody = [UInt8](repeating: UInt8(ascii: "x"), count: bigBodyBytes)

    func respond(to head: HTTPRequestHead, remoteAddress: String) -> HTTPResponse {
        if head.path == "/big" { return HTTPResponse(status: 200, body: Self.bigBody) }
        return HTTPResponse(status: 200, headers: HTTPHeaders(), body: Array("plain \(head.path)".utf8))
    }

    /// `/upload` takes up to `uploadLimit` bytes, unless `Authorization: refuse` asks for a 401
    /// from the head; the rest take none.
    static let uploadLimit = 1 << 20

    func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision {
        if head.path == "/upload", head.headers.first(name: "Authorization") == "refuse" {
            return .answer(HTTPResponse(status: 401, body: Array("refused unread".utf8)))
        }
        return .read(limit: head.path == "/upload" ? Self.uploadLimit : 0)
    }

    /// Answers from another queue, as an app writing a file would: the method, the byte count and a checksum.
    func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            let sum = body.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
            reply(HTTPResponse(status: 201, body: Array("\(head.method) \(body.count) \(sum)".utf8)))
        }
    }

    func makeHandler(for upgrade: WebSocketUpgrade<RecordingHandler>) -> RecordingHandler {
        let handle = upgrade.handle
        let session = WeakSession(handle.loop.connection(handle.id)?.handler)
        state.withLock {
            $0.handles.append(handle)
            $0.subprotocols.append(upgrade.subprotocol)
            $0.sessions.append(session)
        }
        return RecordingHandler(handle: handle, service: self)
    }

    var handles: [Handle] { state.withLock { $0.handles } }
    var openedCount: Int { state.withLock { $0.handles.count } }
    var closeReasons: [ConnectionCloseReason] { state.withLock { $0.closeReasons } }
    var subprotocols: [String?] { state.withLock { $0.subprotocols } }
    var roundTrips: Int { state.withLock { $0.roundTrips } }
    /// Sessions opened so far that are still in memory.
    var liveSessions: Int { state.withLock { $0.sessions.filter { $0.value != nil }.count } }
}

/// One connection of a `RecordingService`.
final class RecordingHandler: WebSocketHandler {
    let handle: RecordingService.Handle
    let service: RecordingService

    init(handle: RecordingService.Handle, service: RecordingService) {
        self.handle = handle
        self.service = service
    }

    func received(_ message: WebSocketMessage) {
        service.state.withLock { $0.received += 1 }
        if service.echo { handle.send(OutboundMessage(opcode: message.opcode, payload: message.payload)) }
    }

    func measuredRoundTrip(nanos: UInt64) {
        service.state.withLock { $0.roundTrips += 1 }
    }

    func closed(reason: ConnectionCloseReason, code: UInt16) {
        service.state.withLock { $0.closeReasons.append(reason) }
    }
}

/// Raw socket helpers for what `TestWebSocketClient` does not expose: exact bytes, resets, half-closes.
enum RawSocket {
    /// Reads exactly `count` bytes from `fd` (unbuffered by the client), or fewer on EOF/deadline.
    static func read(_ fd: Int32, count: Int, timeout: Double = 30) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < count {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(remaining * 1000) + 1) > 0 else { break }
            let want = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, want, 0) }
            if got <= 0 { break }
            bytes += chunk[..<got]
        }
        return bytes
    }

    /// Reads until the peer closes (or the deadline); returns everything read.
    static func readToEOF(_ fd: Int32, timeout: Double = 30) -> (bytes: [UInt8], eof: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return (bytes, false) }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(remaining * 1000) + 1) > 0 else { return (bytes, false) }
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got <= 0 { return (bytes, true) }
            bytes += chunk[..<got]
        }
    }

    /// SO_LINGER {on, 0}: the next close() sends RST instead of FIN.
    static func setResetOnClose(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Bounds blocking sends, so a test client never hangs on a peer that stopped reading.
    static func setSendTimeout(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A small receive buffer makes a client that never reads fill up quickly.
    static func setReceiveBuffer(_ fd: Int32, bytes: Int32) {
        var size = bytes
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
}

/// A payload of exactly `count` bytes; ASCII so it is valid UTF-8 at any length.
func asciiPayload(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
}

/// A binary payload of `count` bytes with every byte value.
func binaryPayload(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
}
