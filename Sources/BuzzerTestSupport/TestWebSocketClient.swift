import BuzzerWebSocket
import Foundation
import Glibc

/// A small blocking WebSocket client for tests: real sockets, every wait bounded by a deadline.
/// Frames are masked with random keys as RFC 6455 §5.3 requires of clients.
package final class TestWebSocketClient {
    package enum ClientError: Error, CustomStringConvertible {
        case connectFailed(Int32)
        case timedOut(String)
        case closedByPeer
        case handshakeFailed(String)

        package var description: String {
            switch self {
            case .connectFailed(let code): "connect failed: \(String(cString: strerror(code)))"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .closedByPeer: "the server closed the connection"
            case .handshakeFailed(let response): "handshake failed: \(response)"
            }
        }
    }

    /// A frame as received (control frames too), payload unmasked.
    package struct Frame: Sendable {
        package var opcode: WebSocketOpcode
        package var fin: Bool
        package var rsv1: Bool
        package var payload: [UInt8]
        package var text: String { String(decoding: payload, as: UTF8.self) }
        /// For Close frames: the status code, if any.
        package var closeCode: UInt16? {
            payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
    }

    package let fd: Int32
    private var buffer: [UInt8] = []
    private var decoder = WebSocketFrameDecoder(peer: .server, maxFrameSize: 1 << 30, compressionNegotiated: true)
    private var partial: (header: WebSocketFrameHeader, payload: [UInt8])?
    package private(set) var handshakeResponse = ""
    package private(set) var sawEOF = false

    /// Opens a TCP connection to 127.0.0.1:`port` without any handshake. `source`, a loopback
    /// address such as 127.0.0.7 (all of 127.0.0.0/8 is local), is the address the server sees: many
    /// clients with addresses of their own on one machine.
    package init(port: Int, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound != 0 {
                let code = errno
                Glibc.close(fd)
                throw ClientError.connectFailed(code)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let code = errno
            Glibc.close(fd)
            throw ClientError.connectFailed(code)
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Connects and completes an upgrade on `path`; throws unless the answer is 101.
    package static func connect(port: Int, path: String = "/", headers: [String: String] = [:], from source: String? = nil, timeout: Double = 30) throws -> TestWebSocketClient {
        let client = try TestWebSocketClient(port: port, from: source)
        let status = try client.handshake(path: path, headers: headers, timeout: timeout)
        guard status == 101 else { throw ClientError.handshakeFailed(client.handshakeResponse) }
        return client
    }

    deinit {
        Glibc.close(fd)
    }

    /// Sends an upgrade request and returns the response status code.
    package func handshake(path: String = "/", headers: [String: String] = [:], timeout: Double = 30) throws -> Int {
        // `headers` may name its own Host (a proxy's, or a stranger's forged one).
        let host = headers.first { $0.key.lowercased() == "host" }?.value ?? "127.0.0.1"
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in headers where name.lowercased() != "host" { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try sendRaw(Array(request.utf8))
        return try readHTTPResponse(timeout: timeout)
    }

    /// Reads one HTTP response head (and, for non-101 answers, its body up to EOF or Content-Length).
    package func readHTTPResponse(timeout: Double = 30) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = buffer.firstRange(of: terminator) {
                handshakeResponse = String(decoding: buffer[..<end.upperBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                let statusLine = handshakeResponse.split(separator: "\r\n").first ?? ""
                let parts = statusLine.split(separator: " ")
                return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            }
            guard try fill(until: deadline) else {
                throw ClientError.timedOut("an HTTP response")
            }
        }
    }

    package func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw ClientError.closedByPeer
            }
            offset += sent
        }
    }

    package func sendFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true, rsv1: Bool = false) throws {
        try sendRaw(WebSocketFrameEncoder.encode(opcode: opcode, payload: payload, fin: fin, rsv1: rsv1, maskingKey: .random()))
    }

    package func send(text: String) throws { try sendFrame(.text, Array(text.utf8)) }
    package func send(binary: [UInt8]) throws { try sendFrame(.binary, binary) }

    package func sendClose(code: UInt16 = 1000, reason: String = "") throws {
        try sendRaw(WebSocketFrameEncoder.encodeClose(code: code, reason: reason, maskingKey: .random()))
    }

    /// The next frame, control frames included.
    package func receiveFrame(timeout: Double = 30) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let frame = try decodeBuffered() { return frame }
            guard try fill(until: deadline) else {
                if sawEOF { throw ClientError.closedByPeer }
                throw ClientError.timedOut("a frame")
            }
        }
    }

    /// The next data message, reassembled from fragments; pings are answered, pongs skipped.
    package func receiveMessage(timeout: Double = 30) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        var message: Frame?
        while true {
            let frame = try receiveFrame(timeout: max(0.01, deadline.timeIntervalSinceNow))
            switch frame.opcode {
            case .ping:
                try sendFrame(.pong, frame.payload)
            case .pong:
                continue
            case .close:
                return frame
            case .continuation:
                message?.payload += frame.payload
                if frame.fin, let done = message { return done }
            default:
                if frame.fin { return frame }
                message = frame
            }
        }
    }

    /// The next text message as a string.
    package func receiveText(timeout: Double = 30) throws -> String {
        try receiveMessage(timeout: timeout).text
    }

    /// Waits until the server closes the TCP connection; true if it did before the deadline.
    package func waitForEOF(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !sawEOF {
            buffer.removeAll()
            guard (try? fill(until: deadline)) == true else { return sawEOF }
        }
        return true
    }

    private func decodeBuffered() throws -> Frame? {
        guard !buffer.isEmpty else { return nil }
        var cursor = 0
        var result: Frame?
        try buffer.withUnsafeBytes { raw in
            while result == nil, let event = try decoder.next(from: raw, cursor: &cursor) {
                switch event {
                case .header(let header):
                    partial = (header, [])
                case .payload(let chunk):
                    chunk.unmask(appendingTo: &partial!.payload)
                case .frameEnd(let header):
                    result = Frame(opcode: header.opcode, fin: header.fin, rsv1: header.rsv1, payload: partial?.payload ?? [])
                    partial = nil
                }
            }
        }
        buffer.removeSubrange(..<cursor)
        return result
    }

    /// The bytes after a plain HTTP response head, up to the server's close (the body).
    package func readToEOF(timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while try fill(until: deadline) {}
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The next `count` bytes after a response head (a `Content-Length` body on a kept-alive
    /// connection); fewer if the server closes or the deadline passes.
    package func readBody(count: Int, timeout: Double = 30) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while buffer.count < count, (try? fill(until: deadline)) == true {}
        let body = buffer.prefix(count)
        buffer.removeFirst(body.count)
        return String(decoding: body, as: UTF8.self)
    }

    /// Reads what is available before the deadline; false on timeout or EOF.
    private func fill(until deadline: Date) throws -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0, !sawEOF else { return false }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(min(remaining * 1000, 60_000)) + 1)
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            sawEOF = true
            return false
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}

extension TestWebSocketClient {
    /// One plain HTTP GET on a fresh connection (`Connection: close`): the status and the body.
    package static func httpGet(port: Int, path: String, headers: [String: String] = [:], from source: String? = nil) throws -> (status: Int, body: String) {
        let answer = try httpGetWithHead(port: port, path: path, headers: headers, from: source)
        return (answer.status, answer.body)
    }

    /// The same, with the response's head (status line and headers) too.
    package static func httpGetWithHead(
        port: Int, path: String, headers: [String: String] = [:], from source: String? = nil
    ) throws -> (status: Int, head: String, body: String) {
        let client = try TestWebSocketClient(port: port, from: source)
        let extra = headers.map { "\($0.key): \($0.value)\r\n" }.sorted().joined()
        try client.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)Connection: close\r\n\r\n".utf8))
        let status = try client.readHTTPResponse()
        return (status, client.handshakeResponse, try client.readToEOF())
    }
}
