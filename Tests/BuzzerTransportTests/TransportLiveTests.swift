import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Synchronization
import Testing

/// Deadlines the session owns: slowloris handshakes, idle peers, keepalive pings.
@Suite struct TransportTimeoutLiveTests {
    @Test func slowlorisHandshakeIsTimedOut() throws {
        let service = RecordingService()
        let server = try LiveServer.recording(service) { $0.timeouts.handshakeSeconds = 0.5 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient(port: server.port)
            // Half a request line, then nothing: the handshake deadline must free the slot.
            try client.sendRaw(Array("GET / HT".utf8))
            #expect(eventually { server.connectionCount == 1 })
            #expect(client.waitForEOF(timeout: 30))
            #expect(eventually { server.connectionCount == 0 })
            // Never upgraded, so the service saw nothing.
            #expect(service.openedCount == 0)
        }
    }

    @Test func keepaliveSendsPingWithTimestamp() throws {
        let server = try LiveServer.echo {
            $0.timeouts.pingIntervalSeconds = 0.3
            $0.timeouts.idleSeconds = 10
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let frame = try client.receiveFrame(timeout: 30)
            #expect(frame.opcode == .ping)
            // The payload is the monotonic send time, 8 bytes big-endian, echoed back for the round trip.
            #expect(frame.payload.count == 8)
        }
    }

    @Test func firstPingGoesOutAtOnceSoTheRoundTripIsKnownBeforeTheFirstAnswer() throws {
        let service = RecordingService()
        // A 10-minute interval: if the first ping waited for it, the 30 s wait below would fail.
        let server = try LiveServer.recording(service) {
            $0.timeouts.pingIntervalSeconds = 600
            $0.timeouts.idleSeconds = 900
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let frame = try client.receiveFrame(timeout: 30)
            #expect(frame.opcode == .ping)
            try client.sendFrame(.pong, frame.payload)
            #expect(eventually { service.roundTrips == 1 })
            #expect(server.connectionCount == 1)
        }
    }

    @Test func clientAnsweringPingsOutlivesIdleTimeout() throws {
        let service = RecordingService()
        let server = try LiveServer.recording(service) {
            $0.timeouts.pingIntervalSeconds = 0.25
            $0.timeouts.idleSeconds = 1
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let start = Date()
            var pings = 0
            // Answer pings for well over twice the idle timeout.
            while Date().timeIntervalSince(start) < 2.5 {
                let frame = try client.receiveFrame(timeout: 3)
                try #require(frame.opcode == .ping, "expected only pings, got \(frame.opcode) \(frame.closeCode as Any)")
                try client.sendFrame(.pong, frame.payload)
                pings += 1
            }
            #expect(pings >= 3)
            // Still open and echoing.
            try client.send(text: "still here")
            #expect(try client.receiveText() == "still here")
            #expect(service.closeReasons.isEmpty)
            // Pongs echoing our stamp measured the round trip.
            #expect(service.roundTrips >= 1)
        }
    }

    @Test func silentClientGetsClose1001AfterIdleTimeout() throws {
        let service = RecordingService()
        let server = try LiveServer.recording(service) {
            $0.timeouts.pingIntervalSeconds = 0.25
            $0.timeouts.idleSeconds = 1
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            var close: TestWebSocketClient.Frame?
            // Ignore pings; the close must come within the idle timeout plus a few ticks.
            for _ in 0..<40 {
                let frame = try client.receiveFrame(timeout: 30)
                if frame.opcode == .close {
                    close = frame
                    break
                }
                try #require(frame.opcode == .ping)
            }
            #expect(close?.closeCode == 1001)
            try client.sendClose(code: 1001)
            #expect(client.waitForEOF())
            shutdown(client.fd, Int32(SHUT_RDWR))
            #expect(eventually { server.connectionCount == 0 })
            #expect(eventually { service.closeReasons.count == 1 })
        }
    }

    @Test func silentClientWithoutPingsIsDroppedAfterCloseTimeout() throws {
        let server = try LiveServer.echo {
            $0.timeouts.pingIntervalSeconds = 0
            $0.timeouts.idleSeconds = 0.5
            $0.timeouts.closeSeconds = 0.5
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let frame = try client.receiveFrame(timeout: 30)
            #expect(frame.opcode == .close)
            #expect(frame.closeCode == 1001)
            // We never answer the Close: closeSeconds later the server drops the connection.
            #expect(client.waitForEOF(timeout: 30))
            #expect(eventually { server.connectionCount == 0 })
        }
    }
}

/// Back-pressure and connection limits.
@Suite struct TransportLimitLiveTests {
    @Test func slowReaderPastHighWaterMarkIsDisconnected() throws {
        let service = RecordingService()
        let server = try LiveServer.recording(service) { $0.transport.outboundHighWaterBytes = 256 << 10 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
            RawSocket.setSendTimeout(client.fd, seconds: 2)
            #expect(try client.handshake() == 101)
            #expect(eventually { server.connectionCount == 1 })
            // Echoes of 1 MiB messages pile up in the server while we never read.
            let message = WebSocketFrameEncoder.encode(opcode: .binary, payload: binaryPayload(1 << 20), maskingKey: .random())
            var sent = 0
            while sent < 64, server.connectionCount == 1 {
                guard (try? client.sendRaw(message)) != nil else { break }
                sent += 1
            }
            #expect(eventually { server.connectionCount == 0 })
            #expect(eventually { service.closeReasons.count == 1 })
            let reasons = service.closeReasons
            guard case .slowReader(let queued)? = reasons.first else {
                Issue.record("expected slowReader, got \(reasons)")
                return
            }
            #expect(queued > 256 << 10)
        }
    }

    @Test func broadcastToSlowReaderDropsOnlyThatReader() throws {
        let service = RecordingService(echo: false)
        let server = try LiveServer.recording(service) { $0.transport.outboundHighWaterBytes = 256 << 10 }
        try LiveServer.with(server) { server in
            let slow = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(slow.fd, bytes: 16 << 10)
            #expect(try slow.handshake() == 101)
            let fast = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { service.openedCount == 2 })
            let message = OutboundMessage.binary(binaryPayload(64 << 10))
            var rounds = 0
            // The fast client reads every broadcast; the slow one never reads.
            while rounds < 200, server.connectionCount == 2 {
                RecordingService.Handle.broadcast(message, to: service.handles)
                let frame = try fast.receiveMessage(timeout: 30)
                #expect(frame.payload.count == 64 << 10)
                rounds += 1
            }
            #expect(eventually { server.connectionCount == 1 })
            if case .slowReader? = service.closeReasons.first {} else {
                Issue.record("expected slowReader, got \(service.closeReasons)")
            }
            try fast.send(text: "x")
            // The fast client is untouched (ping/pong proves the connection is alive).
            try fast.sendFrame(.ping, [7])
            #expect(try fast.receiveFrame().opcode == .pong)
        }
    }

    @Test func maxConnectionsClosesTheConnectionOverTheLimitAtOnce() throws {
        let server = try LiveServer.echo { $0.server.maxConnections = 3 }
        try LiveServer.with(server) { server in
            let clients = try (0..<3).map { _ in try TestWebSocketClient.connect(port: server.port) }
            #expect(server.connectionCount == 3)
            let extra = try TestWebSocketClient(port: server.port)
            #expect(extra.waitForEOF(timeout: 30))
            #expect(server.connectionCount == 3)
            // The ones inside the limit are unaffected.
            for (index, client) in clients.enumerated() {
                try client.send(text: "client \(index)")
                #expect(try client.receiveText() == "client \(index)")
            }
            // A freed slot can be used again.
            shutdown(clients[0].fd, Int32(SHUT_RDWR))
            #expect(eventually { server.connectionCount == 2 })
            let again = try TestWebSocketClient.connect(port: server.port)
            try again.send(text: "again")
            #expect(try again.receiveText() == "again")
        }
    }

    @Test func thousandConcurrentConnectionsEachEcho() throws {
        let count = 1000
        try LiveServer.with(LiveServer.echo()) { server in
            var clients: [TestWebSocketClient] = []
            clients.reserveCapacity(count)
            for _ in 0..<count { clients.append(try TestWebSocketClient.connect(port: server.port, timeout: 10)) }
            #expect(eventually(timeout: 30) { server.connectionCount == count })
            for (index, client) in clients.enumerated() { try client.send(text: "hello from \(index)") }
            var echoed = 0
            for (index, client) in clients.enumerated() where try client.receiveText(timeout: 10) == "hello from \(index)" {
                echoed += 1
            }
            #expect(echoed == count)
            for client in clients { shutdown(client.fd, Int32(SHUT_RDWR)) }
            #expect(eventually(timeout: 30) { server.connectionCount == 0 })
        }
    }
}

/// Peers that disappear without a close handshake, and graceful shutdown.
@Suite struct TransportLifecycleLiveTests {
    @Test func peerResetIsCleanedUp() throws {
        let service = RecordingService()
        try LiveServer.with(LiveServer.recording(service)) { server in
            do {
                let client = try TestWebSocketClient.connect(port: server.port)
                try client.send(text: "before reset")
                #expect(try client.receiveText() == "before reset")
                RawSocket.setResetOnClose(client.fd)
                // The client's deinit closes the fd: with SO_LINGER 0 that sends RST.
            }
            #expect(eventually { server.connectionCount == 0 })
            #expect(eventually { service.closeReasons.count == 1 })
            // The server still serves.
            let next = try TestWebSocketClient.connect(port: server.port)
            try next.send(text: "after reset")
            #expect(try next.receiveText() == "after reset")
        }
    }

    @Test func peerResetDuringHandshakeIsCleanedUp() throws {
        // A handshake timeout far beyond the wait: only noticing the reset can clean this up, and
        // the generous wait keeps the test honest on a loaded machine running suites in parallel.
        try LiveServer.with(LiveServer.echo { $0.timeouts.handshakeSeconds = 120 }) { server in
            do {
                let client = try TestWebSocketClient(port: server.port)
                try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))
                #expect(eventually(timeout: 30) { server.connectionCount == 1 })
                RawSocket.setResetOnClose(client.fd)
            }
            #expect(eventually(timeout: 30) { server.connectionCount == 0 })
        }
    }

    @Test func peerResetWithQueuedOutputIsCleanedUp() throws {
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            do {
                let client = try TestWebSocketClient(port: server.port)
                RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
                #expect(try client.handshake() == 101)
                #expect(eventually { service.openedCount == 1 })
                // Several MiB queued towards a peer that never reads, so the write source is armed.
                let message = OutboundMessage.binary(binaryPayload(1 << 20))
                for _ in 0..<8 { RecordingService.Handle.broadcast(message, to: service.handles) }
                RawSocket.setResetOnClose(client.fd)
            }
            #expect(eventually { server.connectionCount == 0 })
            #expect(eventually { service.closeReasons.count == 1 })
        }
    }

    @Test func halfCloseWithoutCloseFrameIsCleanedUp() throws {
        let service = RecordingService()
        try LiveServer.with(LiveServer.recording(service)) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            try client.send(text: "then silence")
            #expect(try client.receiveText() == "then silence")
            // FIN without a Close frame (RFC 6455 §7.1.5: closed abnormally, 1006).
            shutdown(client.fd, Int32(SHUT_WR))
            #expect(client.waitForEOF())
            #expect(eventually { server.connectionCount == 0 })
            #expect(service.closeReasons == [.peerClosed])
        }
    }

    @Test func halfCloseAfterPlainRequestStillGetsTheResponse() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            shutdown(client.fd, Int32(SHUT_WR))
            let (bytes, eof) = RawSocket.readToEOF(client.fd)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
            #expect(eof)
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    @Test func gracefulShutdownSends1001ToEveryClientAndCompletes() throws {
        let server = try LiveServer.echo()
        let clients = try (0..<8).map { _ in try TestWebSocketClient.connect(port: server.port) }
        #expect(eventually { server.connectionCount == clients.count })
        let done = Atomic<Bool>(false)
        server.server.shutdown(within: 2) { done.store(true, ordering: .releasing) }
        for client in clients {
            let frame = try client.receiveFrame()
            #expect(frame.opcode == .close)
            #expect(frame.closeCode == 1001)
            try client.sendClose(code: 1001)
            #expect(client.waitForEOF())
            shutdown(client.fd, Int32(SHUT_RDWR))
        }
        #expect(eventually(timeout: 20) { done.load(ordering: .acquiring) })
        #expect(server.connectionCount == 0)
        // The listener is gone.
        #expect(throws: TestWebSocketClient.ClientError.self) { try TestWebSocketClient(port: server.port) }
    }

    @Test func gracefulShutdownDropsUnresponsiveClientsAtTheBound() throws {
        let server = try LiveServer.echo { $0.timeouts.closeSeconds = 30 }
        let clients = try (0..<4).map { _ in try TestWebSocketClient.connect(port: server.port) }
        let handshaking = try TestWebSocketClient(port: server.port)
        try handshaking.sendRaw(Array("GET / HTTP/1.1\r\n".utf8))
        #expect(eventually { server.connectionCount == clients.count + 1 })
        let done = Atomic<Bool>(false)
        server.server.shutdown(within: 0.5) { done.store(true, ordering: .releasing) }
        // Nobody answers the Close; the 0.5 s bound, not the 30 s closeSeconds, ends it.
        #expect(eventually(timeout: 15) { done.load(ordering: .acquiring) })
        #expect(server.connectionCount == 0)
        for client in clients {
            #expect(try client.receiveFrame().closeCode == 1001)
            #expect(client.waitForEOF())
        }
        #expect(handshaking.waitForEOF())
    }
}

/// `WebSocketHandle.broadcast`: one encoded frame, one hop per loop, every client exactly once.
@Suite struct WebSocketBroadcastLiveTests {
    @Test func broadcastReachesEveryClientExactlyOnceWithIdenticalBytes() throws {
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let clients = try (0..<24).map { _ in try TestWebSocketClient.connect(port: server.port) }
            #expect(eventually { service.openedCount == clients.count })
            let handles = service.handles
            // Both loops are involved, so the fan-out really hops.
            #expect(Set(handles.map { ObjectIdentifier($0.loop) }).count == 2)
            let message = OutboundMessage.text("{\"question\":\"Capital of Australia?\",\"n\":\(clients.count)}")
            RecordingService.Handle.broadcast(message, to: handles)
            for client in clients {
                // Nothing else was sent on these connections, so the socket holds exactly the frame.
                let bytes = RawSocket.read(client.fd, count: message.plainFrame.count)
                #expect(bytes == message.plainFrame)
                // A ping answered right after proves no second copy was queued ahead of it.
                try client.sendFrame(.ping, [1, 2, 3])
                let next = try client.receiveFrame()
                #expect(next.opcode == .pong)
                #expect(next.payload == [1, 2, 3])
            }
        }
    }

    /// A broadcast writes its frame straight to each socket; when the kernel takes only part of it (a
    /// reader that lags), the rest is queued, and the next broadcasts wait behind it: a reader that
    /// catches up gets every message whole and in order.
    @Test func aLaggingReaderGetsEveryBroadcastWholeAndInOrderOnceItReads() throws {
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let lagging = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(lagging.fd, bytes: 16 << 10)
            #expect(try lagging.handshake() == 101)
            let other = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { service.openedCount == 2 })
            // 40 × 20 KB: far more than the lagging socket's buffers hold, far less than the high-water mark.
            let rounds = 40
            for round in 0..<rounds {
                var payload = binaryPayload(20 << 10)
                payload[0] = UInt8(round)
                RecordingService.Handle.broadcast(OutboundMessage.binary(payload), to: service.handles)
            }
            for client in [other, lagging] {
                for round in 0..<rounds {
                    let frame = try client.receiveMessage(timeout: 30)
                    #expect(frame.payload.count == 20 << 10)
                    #expect(frame.payload.first == UInt8(round), "message \(round) in its place")
                }
            }
            #expect(server.connectionCount == 2)
        }
    }

    @Test func broadcastSkipsClosedConnections() throws {
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let stay = try TestWebSocketClient.connect(port: server.port)
            do {
                let leave = try TestWebSocketClient.connect(port: server.port)
                #expect(eventually { service.openedCount == 2 })
                try leave.sendClose()
                #expect(leave.waitForEOF())
            }
            #expect(eventually { server.connectionCount == 1 })
            let message = OutboundMessage.text("to whoever is left")
            RecordingService.Handle.broadcast(message, to: service.handles)
            #expect(try stay.receiveText() == "to whoever is left")
        }
    }

    @Test func aClosedConnectionAndItsSessionAreFreed() throws {
        // The session holds its connection strongly and the connection its session: closing must
        // break the cycle, or every player who ever connected would stay in memory.
        let service = RecordingService(echo: false)
        try LiveServer.with(LiveServer.recording(service)) { server in
            let stay = try TestWebSocketClient.connect(port: server.port)
            for _ in 0..<3 {
                let leave = try TestWebSocketClient.connect(port: server.port)
                try leave.sendClose()
                #expect(leave.waitForEOF())
            }
            #expect(eventually { service.openedCount == 4 && server.connectionCount == 1 })
            #expect(eventually { service.liveSessions == 1 }, "\(service.liveSessions) sessions still in memory")
            try stay.send(text: "still served")
            #expect(eventually { service.state.withLock { $0.received } == 1 })
        }
    }

    @Test func framesForManyConnectionsShareOneAllocation() {
        // The codec hands every connection the same copy-on-write array: a broadcast is encoded once.
        let message = OutboundMessage.binary(binaryPayload(4096))
        var first = WebSocketConnectionStateMachine(config: .gameDefaults, deflate: nil)
        var second = WebSocketConnectionStateMachine(config: .gameDefaults, deflate: nil)
        let a = first.frameBytes(for: message), b = second.frameBytes(for: message)
        let addressA = a?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let addressB = b?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(addressA != nil)
        #expect(addressA == addressB)
        #expect(a == message.plainFrame)
    }
}

/// Output still queued when the peer half-closes, stops reading, or reads in small pieces.
@Suite struct TransportFlushLiveTests {
    @Test func halfCloseAfterCloseFrameStillGetsQueuedEchoAndClose() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
            RawSocket.setSendTimeout(client.fd, seconds: 5)
            #expect(try client.handshake() == 101)
            let payload = binaryPayload(4 << 20)
            // Message, Close, then FIN, all before reading: the echo and the Close reply are still queued
            // in the server when it sees our EOF, and must still be delivered (RFC 6455 §7.1.1).
            try client.sendFrame(.binary, payload)
            try client.sendClose(code: 1000)
            shutdown(client.fd, Int32(SHUT_WR))
            let echo = try client.receiveMessage(timeout: 10)
            #expect(echo.opcode == .binary)
            #expect(echo.payload == payload)
            let close = try client.receiveFrame()
            #expect(close.opcode == .close)
            #expect(close.closeCode == 1000)
            #expect(client.waitForEOF())
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    @Test func halfCloseAfterPlainRequestStillGetsALargeResponse() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let client = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
            // What `printf 'GET ...' | nc -N` does: the request, then FIN, then read the answer.
            try client.sendRaw(Array("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            shutdown(client.fd, Int32(SHUT_WR))
            let (bytes, eof) = RawSocket.readToEOF(client.fd, timeout: 15)
            #expect(eof)
            #expect(bytes.count > RecordingService.bigBodyBytes)
            #expect(String(decoding: bytes.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    @Test func peerThatStopsReadingAfterItsCloseIsDroppedAfterCloseSeconds() throws {
        let server = try LiveServer.echo { $0.timeouts.closeSeconds = 0.5 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
            RawSocket.setSendTimeout(client.fd, seconds: 5)
            #expect(try client.handshake() == 101)
            // An echo far bigger than the socket buffers, then Close, then never read: the server is left
            // flushing to a peer that will never take the bytes. closeSeconds must bound that.
            try client.sendFrame(.binary, binaryPayload(8 << 20))
            try client.sendClose(code: 1000)
            #expect(eventually { server.connectionCount == 1 })
            #expect(eventually(timeout: 30) { server.connectionCount == 0 })
        }
    }

    @Test func readerOfALargeResponseIsDroppedAfterCloseSecondsWhenItStopsReading() throws {
        let server = try LiveServer.recording(RecordingService()) { $0.timeouts.closeSeconds = 0.5 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient(port: server.port)
            RawSocket.setReceiveBuffer(client.fd, bytes: 16 << 10)
            try client.sendRaw(Array("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(eventually { server.connectionCount == 1 })
            #expect(eventually(timeout: 30) { server.connectionCount == 0 })
        }
    }

    @Test func closeAfterLargeEchoArrivesAfterTheEcho() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let payload = binaryPayload(2 << 20)
            var bytes = WebSocketFrameEncoder.encode(opcode: .binary, payload: payload, maskingKey: .random())
            bytes += WebSocketFrameEncoder.encodeClose(code: 1000, maskingKey: .random())
            try client.sendRaw(bytes)
            #expect(try client.receiveMessage(timeout: 10).payload == payload)
            #expect(try client.receiveFrame().closeCode == 1000)
            #expect(client.waitForEOF())
        }
    }

    @Test func tinyReadBufferStillEchoesLargeMessages() throws {
        let server = try LiveServer.echo { $0.transport.readBufferBytes = 1024 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let payload = binaryPayload(1 << 20)
            try client.send(binary: payload)
            #expect(try client.receiveMessage(timeout: 20).payload == payload)
        }
    }
}

/// The HTTP phase reading requests in any split, and bytes that follow the upgrade request.
@Suite struct WebSocketUpgradeStreamLiveTests {
    @Test func handshakeSentOneByteAtATimeUpgrades() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            for byte in WebSocketHandshakeLiveTests.request(path: "/") { try client.sendRaw([byte]) }
            #expect(try client.readHTTPResponse() == 101)
            try client.send(text: "one byte at a time")
            #expect(try client.receiveText() == "one byte at a time")
        }
    }

    @Test func framesPipelinedWithTheUpgradeRequestAreProcessed() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient(port: server.port)
            var bytes = WebSocketHandshakeLiveTests.request(path: "/")
            bytes += WebSocketFrameEncoder.encode(opcode: .text, payload: Array("early".utf8), maskingKey: .random())
            bytes += WebSocketFrameEncoder.encode(opcode: .ping, payload: [9], maskingKey: .random())
            try client.sendRaw(bytes)
            #expect(try client.readHTTPResponse() == 101)
            #expect(try client.receiveText() == "early")
            let pong = try client.receiveFrame()
            #expect(pong.opcode == .pong)
            #expect(pong.payload == [9])
        }
    }
}

/// Loops of different servers in one process must not be mistaken for each other.
@Suite struct EventLoopIdentityLiveTests {
    @Test func inEventLoopDistinguishesLoopsOfDifferentServers() throws {
        let first = try LiveServer.echo()
        let second = try LiveServer.echo()
        defer {
            first.stop()
            second.stop()
        }
        let mine = first.server.loops[0], other = second.server.loops[0]
        #expect(mine.index == other.index)
        let answers = Mutex<(mine: Bool, other: Bool)?>(nil)
        mine.execute {
            let result = (mine.inEventLoop, other.inEventLoop)
            answers.withLock { $0 = result }
        }
        #expect(eventually { answers.withLock { $0 != nil } })
        let result = answers.withLock { $0 }
        #expect(result?.mine == true)
        // Same index, different queue: a handle of the other server must hop, not run here.
        #expect(result?.other == false)
        #expect(mine.inEventLoop == false)
    }
}

/// The listener when the process runs out of file descriptors (EMFILE): it must back off, not spin or die,
/// and serve the waiting connections once descriptors free up. Needs its own process (a lowered fd limit
/// would break every other test in this one), so it runs `buzzer echo` under `ulimit -n`.
@Suite struct TransportFileLimitProcessTests {
    @Test func outOfDescriptorsPausesAcceptingAndRecovers() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 48 && exec \"$0\" echo --port 0 --no-compression", ServerProcess.binaryPath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try #require(FileManager.default.isExecutableFile(atPath: ServerProcess.binaryPath), "build buzzer first")
        try process.run()
        defer { process.stop(after: 0, signal: SIGKILL) }
        let line = ChildProcess.read(output.fileHandleForReading, timeout: 20) { ServerProcess.listeningPort(in: $0) != nil }
        let port = try #require(ServerProcess.listeningPort(in: line), "no port from buzzer echo: \(line)")

        // Upgrade clients until one is left waiting: the server is out of descriptors.
        var clients: [TestWebSocketClient] = []
        var waiting: TestWebSocketClient?
        for _ in 0..<100 {
            let client = try TestWebSocketClient(port: port)
            if (try? client.handshake(timeout: 1)) == 101 {
                clients.append(client)
            } else {
                waiting = client
                break
            }
        }
        let pending = try #require(waiting, "the fd limit was never reached")
        #expect(clients.count > 10)
        // The server is alive and serving the connections it has.
        try clients[0].send(text: "still serving")
        #expect(try clients[0].receiveText() == "still serving")
        // Free a few descriptors: the waiting connection gets its upgrade.
        for client in clients.suffix(4) {
            try client.sendClose()
            #expect(client.waitForEOF())
            shutdown(client.fd, Int32(SHUT_RDWR))
        }
        #expect(try pending.readHTTPResponse(timeout: 30) == 101)
        try pending.send(text: "finally")
        #expect(try pending.receiveText() == "finally")
    }
}

/// `buzzer echo` as a real process: SIGTERM is a graceful shutdown, not an abrupt exit.
@Suite struct EchoProcessShutdownTests {
    @Test func sigtermSends1001ToClientsAndExitsCleanly() throws {
        let server = try ServerProcess(arguments: ["echo", "--port", "0", "--no-compression"])
        defer { server.stop(signal: SIGKILL) }
        let clients = try (0..<3).map { _ in try TestWebSocketClient.connect(port: server.port) }
        try clients[0].send(text: "hello")
        #expect(try clients[0].receiveText() == "hello")
        kill(server.pid, SIGTERM)
        for client in clients {
            let frame = try client.receiveFrame()
            #expect(frame.opcode == .close)
            #expect(frame.closeCode == 1001)
            try client.sendClose(code: 1001)
            #expect(client.waitForEOF())
            shutdown(client.fd, Int32(SHUT_RDWR))
        }
        #expect(eventually(timeout: 30) { !server.process.isRunning })
        #expect(server.process.terminationStatus == 0)
    }
}
