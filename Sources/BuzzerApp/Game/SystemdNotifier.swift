import BuzzerTransport
import Foundation
import Glibc
import Synchronization

/// Tells systemd (`Type=notify`, `WatchdogSec=`) that the server is ready, and keeps telling it that
/// every event loop still answers. A process that hangs (a stuck loop, or a crash handler that never
/// returns) stops the pings, and systemd kills and restarts it: `Restart=always` alone never notices
/// a process that is alive but deaf. Without `NOTIFY_SOCKET` (no systemd) this does nothing.
package final class SystemdNotifier: Sendable {
    private let address: String
    private let socket: Int32
    /// Made in `init`, started by `ready`, stopped by `stopping`.
    private let timer: TimerBox?
    private let queue = DispatchQueue(label: "buzzer.watchdog")
    /// Loops that answered the probe sent after the last ping.
    private let answered = Mutex<Set<Int>>([])

    /// nil without `NOTIFY_SOCKET`, or when the socket cannot be opened (then systemd will say so).
    package init?(environment: [String: String] = ProcessInfo.processInfo.environment, loops: [EventLoop]) {
        guard let address = environment["NOTIFY_SOCKET"], !address.isEmpty, address.utf8.count < 107 else { return nil }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.address = address
        socket = fd
        // systemd asks for pings within WATCHDOG_USEC; ping at half of it, as sd_watchdog_enabled(3) advises.
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int.init), usec > 0 else {
            timer = nil
            return
        }
        let interval = DispatchTimeInterval.microseconds(max(usec / 2, 1000))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        self.timer = TimerBox(timer)
        let count = loops.count
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let everyLoop = self.answered.withLock { answered in
                defer { answered.removeAll() }
                return answered.count == count
            }
            if everyLoop { self.send("WATCHDOG=1") }
            for (index, loop) in loops.enumerated() {
                loop.queue.async { self.answered.withLock { _ = $0.insert(index) } }
            }
        }
        for (index, loop) in loops.enumerated() {
            loop.queue.async { self.answered.withLock { _ = $0.insert(index) } }
        }
    }

    deinit {
        timer?.source.cancel()
        close(socket)
    }

    /// `READY=1` once the server listens, then the watchdog pings start.
    package func ready(status: String) {
        send("READY=1\nSTATUS=\(status)")
        timer?.source.activate()
    }

    /// `STOPPING=1` when a shutdown begins, so systemd waits for it instead of calling it a hang.
    package func stopping() {
        timer?.source.cancel()
        send("STOPPING=1")
    }

    private func send(_ text: String) {
        Self.send(text, socket: socket, address: address)
    }

    /// Start-up progress before `READY=1` (recovery replaying the log): `EXTEND_TIMEOUT_USEC` asks
    /// systemd for `seconds` more than `TimeoutStartSec`, so a long but moving start is not killed,
    /// while one that stops reporting still is. A socket of its own, opened for the one message:
    /// nothing else of the notifier exists yet. Without `NOTIFY_SOCKET` this does nothing.
    package static func extendStartup(bySeconds seconds: Int, status: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let address = environment["NOTIFY_SOCKET"], !address.isEmpty, address.utf8.count < 107 else { return }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        send("EXTEND_TIMEOUT_USEC=\(max(1, seconds) * 1_000_000)\nSTATUS=\(status)", socket: fd, address: address)
    }

    private static func send(_ text: String, socket: Int32, address: String) {
        var destination = sockaddr_un()
        destination.sun_family = sa_family_t(AF_UNIX)
        var path = Array(address.utf8)
        // An abstract socket's name starts with '@', written as a NUL (sd_notify(3)).
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let length = withUnsafeMutableBytes(of: &destination.sun_path) { buffer in
            buffer.copyBytes(from: path.prefix(buffer.count - 1))
            return MemoryLayout<sa_family_t>.size + min(path.count, buffer.count - 1)
        }
        let bytes = Array(text.utf8)
        _ = withUnsafePointer(to: &destination) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                sendto(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL), address, socklen_t(length))
            }
        }
    }
}

/// Holds the watchdog's timer. `@unchecked Sendable` is safe: a dispatch source may be activated and
/// cancelled from any thread, and nothing else of it is touched after `init`.
private final class TimerBox: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
}
