import BuzzerTestSupport
import BuzzerWebSocket
import Foundation
import Glibc
import Testing

/// A blocking buzzer.v1 client for tests: sends JSON objects, waits for a message type, and
/// keeps every message it received so tests can inspect all of them afterwards.
final class GameClient {
    let socket: TestWebSocketClient
    private(set) var received: [[String: Any]] = []
    /// The code of the server's Close frame, once one arrived.
    private(set) var lastCloseCode: UInt16?
    private var unread: [[String: Any]] = []

    /// `room`: open `/ws?room=CODE`, as the web clients do for a room they know (a proxy routes by it).
    /// `source`: the loopback address to connect from (127.0.0.2…), `headers`: more request headers,
    /// `host`: the upgrade's Host header (127.0.0.1 unless given).
    init(port: Int, room: String? = nil, from source: String? = nil, headers: [String: String] = [:], host: String? = nil) throws {
        var headers = headers.merging(["Sec-WebSocket-Protocol": "buzzer.v1"]) { $1 }
        if let host { headers["Host"] = host }
        socket = try TestWebSocketClient.connect(
            port: port, path: room.map { "/ws?room=\($0)" } ?? "/ws", headers: headers, from: source)
    }

    func send(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: object)
        try socket.send(text: String(decoding: data, as: UTF8.self))
    }

    func send(type: String, _ fields: [String: Any] = [:]) throws {
        var object = fields
        object["type"] = type
        try send(object)
    }

    /// The next message of `type`, skipping (but keeping) others; fails on a close or time-out.
    @discardableResult
    func next(_ type: String, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try next(after: [type], timeout: timeout)
    }

    /// The next message whose type is one of `types` and that `matches`, skipping (but keeping) others.
    @discardableResult
    func next(after types: Set<String>, timeout: Double = 30, where matches: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        func wanted(_ object: [String: Any]) -> Bool { types.contains(object["type"] as? String ?? "") && matches(object) }
        if let index = unread.firstIndex(where: wanted) {
            let message = unread[index]
            unread.removeSubrange(...index)
            return message
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let frame = try socket.receiveMessage(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if frame.opcode == .close {
                lastCloseCode = frame.closeCode
                throw GameClientError.closed(code: frame.closeCode, waitingFor: types.sorted().joined(separator: "/"))
            }
            guard let object = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] else {
                throw GameClientError.notAnObject(frame.text)
            }
            received.append(object)
            if wanted(object) {
                unread.removeAll()
                return object
            }
            unread.append(object)
        }
    }

    /// Drops the TCP connection without a Close frame, as a phone that loses Wi-Fi or reloads does.
    func drop() {
        shutdown(socket.fd, Int32(SHUT_RDWR))
    }

    /// Sends and waits for the `error` reply; returns its code.
    func expectError(after object: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try send(object)
        let error = try next("error")
        return error["code"] as? String ?? "?"
    }

    /// Reads whatever else arrives until the server is quiet for `quiet` seconds (for leak checks).
    func drain(quiet: Double = 0.3) {
        while let frame = try? socket.receiveMessage(timeout: quiet), frame.opcode == .text {
            if let object = try? JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] {
                received.append(object)
                unread.append(object)
            }
        }
    }
}

enum GameClientError: Error, CustomStringConvertible {
    case closed(code: UInt16?, waitingFor: String)
    case notAnObject(String)

    var description: String {
        switch self {
        case let .closed(code, type): "the server closed the connection (\(code.map(String.init) ?? "no code")) while waiting for \(type)"
        case .notAnObject(let text): "not a JSON object: \(text.prefix(200))"
        }
    }
}
