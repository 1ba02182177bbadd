import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// `buzzer serve` under systemd's `Type=notify` with `WatchdogSec=` (deploy/buzzer.service): it asks for
/// its recovery's time with EXTEND_TIMEOUT_USEC, says READY=1 once it listens, then pings WATCHDOG=1 while its loops answer, and STOPPING=1 on SIGTERM.
/// A process that hangs (once, in the crash handler after a trap) stops pinging and is restarted.
@Suite(.serialized)
struct SystemdNotifierLiveTests {
    @Test func serveReportsReadyPingsTheWatchdogAndSaysStopping() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-notify-\(UUID().uuidString.prefix(8))").path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd); unlink(path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)

        let (directory, arguments) = try CrashRecoveryTests.serverFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 200 ms asks for a ping every 100 ms.
        let server = try ServerProcess(arguments: arguments, environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000"])
        defer { server.stop(signal: SIGKILL) }

        var seen: [String] = []
        let deadline = Date().addingTimeInterval(10)
        while seen.filter({ $0 == "WATCHDOG=1" }).count < 3, Date() < deadline {
            if let message = Self.receive(fd, timeout: 1) { seen.append(message) }
        }
        // Before READY=1, recovery asks for the time each step may take (EXTEND_TIMEOUT_USEC), the log's read first.
        let ready = try #require(seen.firstIndex { $0.hasPrefix("READY=1") }, "\(seen)")
        #expect(seen.first == "EXTEND_TIMEOUT_USEC=300000000\nSTATUS=reading the game log", "\(seen)")
        #expect(seen[..<ready].allSatisfy { $0.hasPrefix("EXTEND_TIMEOUT_USEC=") }, "\(seen)")
        #expect(seen.filter { $0 == "WATCHDOG=1" }.count >= 3, "\(seen)")

        server.send(signal: SIGTERM)
        var stopping = false
        let stopDeadline = Date().addingTimeInterval(10)
        while !stopping, Date() < stopDeadline {
            stopping = Self.receive(fd, timeout: 1) == "STOPPING=1"
        }
        #expect(stopping)
    }

    static func receive(_ fd: Int32, timeout: Double) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }
}
