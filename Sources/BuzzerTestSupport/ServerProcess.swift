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
    /// What the server printed up to its `listening on` line (and whatever came in the same read).
    package let startOutput: String

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

    /// `environment` is added to this process's own. `executable` runs another program than this
    /// build's `buzzer` (an installed one, or one started through `setpriv`), in `directory` if given.
    package init(
        executable: String? = nil, arguments: [String], environment: [String: String] = [:], directory: String? = nil, timeout: Double = 20
    ) throws {
        let path = executable ?? Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: path) else { throw LaunchError.binaryMissing(path) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Bounded: a child that never prints its port fails this test instead of hanging the run.
        let seen = ChildProcess.read(output.fileHandleForReading, timeout: timeout) { Self.listeningPort(in: $0) != nil }
        let found = Self.listeningPort(in: seen)
        guard let found else {
            process.stop(after: 0, signal: SIGKILL)
            throw LaunchError.noListeningLine(seen)
        }
        port = found
        startOutput = seen
    }

    /// The standard output so far, read on until `condition` holds for all of it or `timeout` passes.
    package func readOutput(timeout: Double = 10, until condition: (String) -> Bool) -> String {
        if condition(startOutput) { return startOutput }
        let start = startOutput
        return start + ChildProcess.read(output.fileHandleForReading, timeout: timeout) { condition(start + $0) }
    }

    /// The port from a complete `listening on HOST:PORT` line, if one has arrived.
    package static func listeningPort(in text: String) -> Int? {
        guard let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .first(where: { $0.hasPrefix("listening on ") }) else { return nil }
        return line.split(separator: ":").last.flatMap { Int($0) }
    }

    /// Sends `signal` and returns at once (`stop` waits for the exit).
    package func send(signal: Int32) {
        if process.isRunning { kill(pid, signal) }
    }

    /// The exit status once the process has exited by itself within `timeout`, else nil.
    package func exitStatus(within timeout: Double) -> Int32? {
        eventually(timeout: timeout) { !process.isRunning } ? process.terminationStatus : nil
    }

    /// Sends `signal` and waits for the process to exit (SIGKILL after `timeout`); returns its
    /// termination status, or -1 if even SIGKILL was not seen to end it.
    @discardableResult
    package func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32 {
        if process.isRunning { kill(pid, signal) }
        process.stop(after: timeout, signal: SIGKILL)
        return process.isRunning ? -1 : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.stop(after: 0, signal: SIGKILL) }
    }
}
