import BuzzerApp
import BuzzerTestSupport
@testable import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Testing

/// A response body the transport pulls a piece at a time as the socket drains: never more than
/// about two pieces queued, so a body many times `outboundHighWaterBytes` reaches even a slow
/// reader whole, and the connection goes on with its next request.
@Suite struct StreamedBodyLiveTests {
    /// A small outbound limit, so that a 6 MiB body is 24 times it.
    static func server(_ adjust: @escaping (inout BuzzerConfig) -> Void = { _ in }) throws -> LiveServer {
        try LiveServer.recording(RecordingService()) { config in
            config.transport.outboundHighWaterBytes = 256 << 10
            adjust(&config)
        }
    }

    @Test func aStreamedBodyReachesASlowReaderWholeAndTheConnectionGoesOn() throws {
        try LiveServer.with(Self.server()) { server in
            let fd = try Self.connect(port: server.port, receiveBuffer: 16 << 10)
            defer { close(fd) }
            try Self.send(fd, "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try Self.readResponse(fd, pauseEvery: 64 << 10, pause: 0.002)
            #expect(response.head.hasPrefix("HTTP/1.1 200 "))
            #expect(response.body.count == RecordingService.streamedBodyBytes)
            let wrong = response.body.indices.first { response.body[$0] != PatternBody.byte(at: $0) }
            #expect(wrong == nil, "every byte in its place; the first wrong one is at \(wrong ?? -1)")
            #expect(Self.header("Connection", in: response.head)?.lowercased() == "keep-alive")
            // Same connection, next request.
            try Self.send(fd, "GET /after HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let next = try Self.readResponse(fd)
            #expect(String(decoding: next.body, as: UTF8.self) == "plain /after")
            #expect(server.connectionCount == 1)
        }
    }

    /// An answer the app gives whole but larger than half the outbound limit is paced the same way:
    /// queued at once, it would drop its own reader as slow.
    @Test func aLargeWholeBodyIsPacedTooInsteadOfDroppingItsReader() throws {
        try LiveServer.with(Self.server()) { server in
            let fd = try Self.connect(port: server.port, receiveBuffer: 16 << 10)
            defer { close(fd) }
            try Self.send(fd, "GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let response = try Self.readResponse(fd, pauseEvery: 256 << 10, pause: 0.005)
            #expect(response.body == RecordingService.bigBody)
            #expect(Self.header("Connection", in: response.head)?.lowercased() == "close")
            #expect(RawSocket.readToEOF(fd, timeout: 10).eof)
        }
    }

    @Test func headOfAStreamedBodyNamesItsLengthAndSendsNoBody() throws {
        try LiveServer.with(Self.server()) { server in
            let fd = try Self.connect(port: server.port)
            defer { close(fd) }
            try Self.send(fd, "HEAD /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /next HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let head = try Self.readHead(fd)
            #expect(Self.header("Content-Length", in: head.text) == "\(RecordingService.streamedBodyBytes)")
            // No body: the next bytes are the GET's answer.
            #expect(String(decoding: head.rest.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
        }
    }

    /// A reader that takes nothing more never reaches the outbound limit with a streamed body, so
    /// the session bounds it: no byte taken for `handshakeSeconds`, and the connection is dropped.
    @Test func aReaderThatStopsTakingAStreamedBodyIsDropped() throws {
        try LiveServer.with(Self.server { $0.timeouts.handshakeSeconds = 1 }) { server in
            let fd = try Self.connect(port: server.port, receiveBuffer: 16 << 10)
            defer { close(fd) }
            try Self.send(fd, "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(eventually { server.connectionCount == 1 })
            #expect(eventually(timeout: 30) { server.connectionCount == 0 })
        }
    }

    // MARK: - A raw HTTP client that reads as slowly as asked

    static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let receiveBuffer { RawSocket.setReceiveBuffer(fd, bytes: receiveBuffer) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw TestWebSocketClient.ClientError.connectFailed(errno)
        }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw TestWebSocketClient.ClientError.closedByPeer
        }
    }

    /// A response head, and whatever of the body came with it.
    static func readHead(_ fd: Int32, timeout: Double = 30) throws -> (text: String, rest: [UInt8]) {
        var bytes: [UInt8] = []
        let terminator: [UInt8] = [13, 10, 13, 10]
        while bytes.firstRange(of: terminator) == nil {
            let more = RawSocket.read(fd, count: 1, timeout: timeout)
            guard !more.isEmpty else { throw TestWebSocketClient.ClientError.timedOut("a response head") }
            bytes += more
        }
        // One more look for what is already there (the next response, for HEAD).
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 200) > 0 { bytes += RawSocket.read(fd, count: 15, timeout: 1) }
        let end = bytes.firstRange(of: terminator)!.upperBound
        return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[end...]))
    }

    /// One whole response, its body by `Content-Length`, read `pauseEvery` bytes at a time with a
    /// `pause` in between (a phone on bar Wi-Fi).
    static func readResponse(_ fd: Int32, pauseEvery: Int = 1 << 30, pause: Double = 0, timeout: Double = 60) throws -> (head: String, body: [UInt8]) {
        var head: [UInt8] = []
        let terminator: [UInt8] = [13, 10, 13, 10]
        while head.firstRange(of: terminator) == nil {
            let more = RawSocket.read(fd, count: 1, timeout: timeout)
            guard !more.isEmpty else { throw TestWebSocketClient.ClientError.timedOut("a response head") }
            head += more
        }
        let text = String(decoding: head, as: UTF8.self)
        let length = try #require(header("Content-Length", in: text).flatMap { Int($0) })
        let deadline = Date().addingTimeInterval(timeout)
        var body: [UInt8] = []
        body.reserveCapacity(length)
        while body.count < length, Date() < deadline {
            let piece = RawSocket.read(fd, count: min(pauseEvery, length - body.count), timeout: deadline.timeIntervalSinceNow)
            if piece.isEmpty { break }
            body += piece
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        }
        return (text, body)
    }

    static func header(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
