import BuzzerWebSocket
import Foundation

/// A phone on a slow network, over a real socket (the buzzer's fairness test and `buzzer bench buzz`): every frame it sends and every frame it receives,
/// the server's pings and its own pongs included, is held for half of `rttMs`. The server's RTT
/// measure (ping to pong) then sees the whole round trip, as it would over the air.
///
/// `@unchecked Sendable`: the socket is read only by the reader thread and written only on `out`
/// (a serial queue); the inbox and the counters are guarded by `condition`.
package final class DelayedWebSocketClient: @unchecked Sendable {
    package let socket: TestWebSocketClient
    package let oneWay: DispatchTimeInterval
    /// Held on top of `oneWay` for pongs alone: a cheat that makes the round trip look longer than it is.
    package let pongDelay: DispatchTimeInterval
    /// The first ping's payload, for a cheat that echoes it again later (`sendStalePong`).
    private var firstPing: [UInt8]?
    private let out = DispatchQueue(label: "delayed-client.out")
    private let inbound = DispatchQueue(label: "delayed-client.in")
    private let condition = NSCondition()
    private var inbox: [[String: Any]] = []
    private var pongsSent = 0
    private var stopped = false

    package init(port: Int, rttMs: Int, pongDelayMs: Int = 0) throws {
        socket = try TestWebSocketClient.connect(port: port, path: "/ws", headers: ["Sec-WebSocket-Protocol": "buzzer.v1"])
        oneWay = .microseconds(rttMs * 500)
        pongDelay = .milliseconds(pongDelayMs)
        let thread = Thread { [self] in readLoop() }
        thread.start()
    }

    /// Stops the reader thread (the socket closes when the client goes).
    package func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    private func readLoop() {
        while !isStopped {
            guard let frame = try? socket.receiveFrame(timeout: 0.1) else {
                if socket.sawEOF { return }
                continue
            }
            inbound.asyncAfter(deadline: .now() + oneWay) { [self] in deliver(frame) }
        }
    }

    /// A frame reaches the phone: a ping is answered (the pong takes the way back), a message is kept.
    private func deliver(_ frame: TestWebSocketClient.Frame) {
        switch frame.opcode {
        case .ping:
            condition.lock()
            if firstPing == nil { firstPing = frame.payload }
            condition.unlock()
            out.asyncAfter(deadline: .now() + oneWay + pongDelay) { [self] in
                try? socket.sendFrame(.pong, frame.payload)
                condition.lock()
                pongsSent += 1
                condition.broadcast()
                condition.unlock()
            }
        case .text:
            guard let object = try? JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] else { return }
            condition.lock()
            inbox.append(object)
            condition.broadcast()
            condition.unlock()
        default:
            break
        }
    }

    /// Sends `fields` with `type` when the phone does so at `at` (now by default): it reaches the server half an RTT later.
    package func send(type: String, _ fields: [String: Any] = [:], at: DispatchTime = .now()) throws {
        var object = fields
        object["type"] = type
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        out.asyncAfter(deadline: at + oneWay) { [self] in try? socket.send(text: text) }
    }

    /// The next message of `type` that `matches`, skipping (and dropping) those before it.
    @discardableResult
    package func next(_ type: String, timeout: Double = 30, where matches: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = inbox.firstIndex(where: { $0["type"] as? String == type && matches($0) }) {
                let message = inbox[index]
                inbox.removeSubrange(...index)
                return message
            }
            guard condition.wait(until: deadline) else { throw TestWebSocketClient.ClientError.timedOut(type) }
        }
    }

    /// Sends an unsolicited pong that echoes the first ping again: a cheat that claims a long round trip.
    package func sendStalePong() throws {
        condition.lock()
        let payload = firstPing
        condition.unlock()
        guard let payload else { throw TestWebSocketClient.ClientError.timedOut("a first ping") }
        out.sync { try? socket.sendFrame(.pong, payload) }
    }

    /// Waits until the phone has answered `count` pings: the server has measured its RTT once that pong arrives.
    package func waitForPongs(_ count: Int, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while pongsSent < count {
            guard condition.wait(until: deadline) else { throw TestWebSocketClient.ClientError.timedOut("\(count) pings") }
        }
    }
}
