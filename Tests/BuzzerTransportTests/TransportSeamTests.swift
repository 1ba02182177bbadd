import BuzzerTestSupport
@testable import BuzzerTransport
import BuzzerWebSocket
import Dispatch
import Logging
import Synchronization
import Testing

/// The seams between the transport and the app: handles, loop-bound state, per-loop compression, logs.
@Suite struct TransportSeamTests {
    @Test func handlesFromTwoServersNeverCompareEqual() throws {
        // Ids count per loop from 1, so the first connection of loop 0 has the same id in every server.
        let first = try LiveServer.echo(), second = try LiveServer.echo()
        defer {
            first.stop()
            second.stop()
        }
        let mine = ConnectionHandle(loop: first.server.loops[0], id: 1)
        let theirs = ConnectionHandle(loop: second.server.loops[0], id: 1)
        #expect(mine != theirs)
        #expect(Set([mine, theirs]).count == 2)
        #expect(mine == ConnectionHandle(loop: first.server.loops[0], id: 1))
    }

    @Test func withHandlerReachesALiveHandlerAndFallsBackOnceTheConnectionHasGone() throws {
        // The app's "gone while we were admitting it" path: a reply for a connection that closed in
        // the meantime must undo what it granted, not vanish.
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { service.openedCount == 1 })
            let handle = service.handles[0]
            let outcome = Mutex<[String]>([])
            handle.withHandler({ _ in outcome.withLock { $0.append("handler") } }, ifClosed: { outcome.withLock { $0.append("closed") } })
            #expect(eventually { outcome.withLock { $0 } == ["handler"] })
            try client.sendClose()
            #expect(client.waitForEOF())
            #expect(eventually { server.connectionCount == 0 })
            handle.withHandler({ _ in outcome.withLock { $0.append("handler") } }, ifClosed: { outcome.withLock { $0.append("closed") } })
            #expect(eventually { outcome.withLock { $0 } == ["handler", "closed"] })
        }
    }

    @Test func aLoopBoundBoxMadeOffItsQueueTraps() async {
        // NIOLoopBoundBox's rule: a box is made on its loop, or from a value handed over with `sending`.
        await #expect(processExitsWith: .failure) {
            final class State {}
            _ = LoopBound(State(), queue: DispatchQueue(label: "elsewhere"))
        }
    }

    @Test func aCompressedBroadcastInflatesOnEveryConnectionOnEveryLoop() throws {
        // Each loop compresses the message once with its own stream (no process-wide lock); every
        // no-context-takeover connection must still get a frame that inflates on its own (RFC 7692 §7.1.1.1).
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service, compression: true)) { server in
            let clients = try (0..<6).map { _ in
                try TestWebSocketClient.connect(port: server.port, headers: ["Sec-WebSocket-Extensions": "permessage-deflate; server_no_context_takeover"])
            }
            #expect(eventually { service.openedCount == clients.count })
            #expect(Set(service.handles.map { ObjectIdentifier($0.loop) }).count == 2)
            let text = String(repeating: "Which planet has the most moons? ", count: 30)
            for round in 0..<2 {
                RecordingService.Handle.broadcast(.text(text + "\(round)", compression: server.server.config.websocket.compression), to: service.handles)
                for client in clients {
                    let frame = try client.receiveMessage()
                    #expect(frame.rsv1, "the broadcast was not compressed")
                    #expect(frame.payload.count < text.utf8.count)
                    let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
                    var output: [UInt8] = []
                    try frame.payload.withUnsafeBytes { try inflater.inflate($0, into: &output, limit: 1 << 20) }
                    try inflater.finishMessage(into: &output, limit: 1 << 20)
                    #expect(String(decoding: output, as: UTF8.self) == text + "\(round)")
                }
            }
        }
    }

    @Test func aBatchGivesEachConnectionTheSharedMessageThenItsOwnInOrder() throws {
        // A reveal: one shared frame for everyone, then each player's own result, in one write each.
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            // One at a time: the 101 goes out before the server makes the handler, so two connections on
            // two loops may record their handles in either order, and handles[4] must be clients[4]'s.
            let clients = try (0..<5).map { n in
                let client = try TestWebSocketClient.connect(port: server.port)
                #expect(eventually { service.openedCount == n + 1 })
                return client
            }
            let handles = service.handles
            var batch = RecordingService.Handle.Batch()
            let shared = batch.add(.text("reveal"))
            for handle in handles { batch.send(shared, to: handle) }
            for (position, handle) in handles.enumerated() {
                batch.send(batch.add(.text("result \(position)")), to: handle)
            }
            // The last one is told goodbye after its messages, as a kicked player is.
            batch.send(batch.add(.text("kicked")), to: handles[4], closeAfter: (4003, "removed by the host"))
            RecordingService.Handle.send(batch)
            var own: Set<String> = []
            for client in clients {
                #expect(try client.receiveText() == "reveal")
                own.insert(try client.receiveText())
            }
            // Each connection got exactly one result, its own: five different ones.
            #expect(own == Set((0..<5).map { "result \($0)" }))
            #expect(try clients[4].receiveText() == "kicked")
            let close = try clients[4].receiveFrame()
            #expect(close.opcode == .close && close.closeCode == 4003)
        }
    }

    @Test func aBatchLargerThanTheSocketBufferArrivesWholeAndInOrder() throws {
        // The first writev takes part of the shared frame; the rest, and the connection's own frame,
        // wait in the queue and follow once the peer reads.
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { service.openedCount == 1 })
            let big = binaryPayload(3 << 20)
            var batch = RecordingService.Handle.Batch()
            batch.send(batch.add(.binary(big)), to: service.handles[0])
            batch.send(batch.add(.text("after the big one")), to: service.handles[0])
            RecordingService.Handle.send(batch)
            #expect(try client.receiveMessage().payload == big)
            #expect(try client.receiveText() == "after the big one")
        }
    }

    @Test func aProtocolErrorAndTheCloseLeaveDebugLinesWithTheConnectionsMetadata() throws {
        let records = LogRecords()
        var logger = Logger(label: "test.transport") { _ in LogRecords.Handler(sink: records) }
        logger.logLevel = .debug
        let service = RecordingService()
        try LiveServer.with(LiveServer.recording(service, logger: logger)) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // §5.1: an unmasked client frame fails the connection with 1002.
            try client.sendRaw(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("naked".utf8)))
            #expect(client.waitForEOF())
            #expect(eventually { records.messages.contains("connection closed") })
            let failure = try #require(records.all.first { $0.message == "protocol error: failing the connection" })
            #expect(failure.metadata["code"] == "1002")
            #expect(failure.metadata["remote"] == "127.0.0.1")
            #expect(failure.metadata["connection"] != nil)
            #expect(failure.level == .debug)
        }
    }
}

/// Collects log records from every logger made with `handler`, for tests that check what the transport logs.
final class LogRecords: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])
    var all: [Record] { records.withLock { $0 } }
    var messages: [String] { all.map(\.message) }

    func append(_ record: Record) {
        records.withLock { $0.append(record) }
    }

    /// A log handler (a value, like every swift-log handler) that keeps its own metadata and reports here.
    struct Handler: LogHandler {
        let sink: LogRecords
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues { "\($0)" }
            sink.append(Record(level: event.level, message: "\(event.message)", metadata: merged))
        }
    }
}
