import Foundation
import Glibc

/// Runs the built `buzzer` executable as a child process for end-to-end tests, reads the port from its
/// `listening on HOST:PORT` line, and stops it by PID.
package final class ServerProcess {
    package enum LaunchError: Error, CustomStringConvertible {
        case binaryMissing(String)
        case noListeningLine(String)
        package var description: String {
            switch self {
            case .binaryMissing(let path): "buzzer executable not found at \(path); build it first (swift build)"
            case .noListeningLine(let output): "server did not report its port; output: \(output)"
            }
        }
    }

    package let process: Process
    package let port: Int
    package var pid: Int32 { process.processIdentifier }
    private let output: Pipe

    /// The `buzzer` binary next to the test bundle (both are products of the same build).
    package static var binaryPath: String {
        if let override = ProcessInfo.processInfo.environment["BUZZER_BINARY"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidate = bundle
        for _ in 0..<4 {
            let path = candidate.appendingPathComponent("buzzer").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
            candidate = candidate.deletingLastPathComponent()
        }
        return bundle.appendingPathComponent("buzzer").path
    }

    package init(arguments: [String], timeout: Double = 20) throws {
        let path = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: path) else { throw LaunchError.binaryMissing(path) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        var seen = ""
        let deadline = Date().addingTimeInterval(timeout)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning || !seen.isEmpty {
            let data = handle.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
            if let line = seen.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
               let portText = line.split(separator: ":").last, let value = Int(portText) {
                found = value
            }
        }
        guard let found else {
            process.terminate()
            throw LaunchError.noListeningLine(seen)
        }
        port = found
    }

    /// Sends `signal` and waits for the process to exit; returns its termination status.
    @discardableResult
    package func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32 {
        if process.isRunning { kill(pid, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}
