import Foundation
import Glibc

/// The one HTTP request the command line makes: a POST to the running server (`replay correct`),
/// which owns the log. Plain HTTP/1.1 with `Connection: close`; the server is on this machine.
enum LoopbackHTTP {
    struct Reply {
        var status: Int
        var body: String
    }

    /// `http://HOST:PORT` (no TLS, no path) into its host and port.
    static func parse(_ url: String) throws -> (host: String, port: UInt16) {
        guard url.hasPrefix("http://") else { throw CommandFailure("--server must be http://HOST:PORT (the server on this machine)") }
        let rest = url.dropFirst(7).split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port > 0 else {
            throw CommandFailure("--server must name a port: http://HOST:PORT")
        }
        return (String(rest[..<colon]), port)
    }

    static func post(_ url: String, path: String, token: String, json: [UInt8]) throws -> Reply {
        let (host, port) = try parse(url)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw CommandFailure("cannot resolve \(host)") }
        defer { freeaddrinfo(found) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { throw CommandFailure("cannot open a socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            throw CommandFailure("cannot reach the server at \(url): \(String(cString: strerror(errno))) (is buzzer serve running? --server names it)")
        }
        let head = "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\nContent-Type: application/json\r\n"
            + "Authorization: Bearer \(token)\r\nContent-Length: \(json.count)\r\n\r\n"
        let request = Array(head.utf8) + json
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw CommandFailure("the server closed the connection") }
            sent += n
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            response += buffer[..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"), let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap({ Int($0) }) else {
            throw CommandFailure("the server's answer is not HTTP")
        }
        return Reply(status: status, body: String(text[split.upperBound...]))
    }
}
