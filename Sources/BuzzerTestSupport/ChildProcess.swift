import Foundation
import Glibc

/// Child processes for tests, with every wait bounded: a child that hangs fails its test after the
/// timeout instead of holding up the whole run (CI has a time limit and prints nothing from a hung run).
/// Nothing here calls `Process.waitUntilExit()`: it spins the calling thread's run loop and is known to
/// hang on Linux under load (swiftlang/swift-corelibs-foundation#4740 and similar reports), so the
/// waits poll `isRunning` against a deadline instead.
package enum ChildProcess {
    /// Runs a command to completion and returns its exit status and combined stdout/stderr.
    /// After `timeout` seconds it gets SIGTERM, then SIGKILL if it is still there 5 seconds later.
    package static func run(
        _ executable: URL, _ arguments: [String], timeout: Double, environment: [String: String]? = nil, input: Data? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin } else { process.standardInput = FileHandle.nullDevice }
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        // A reader thread drains the pipe so a chatty child never blocks on a full pipe.
        let collected = OutputCollector()
        let reader = Thread { collected.finish(with: pipe.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        process.stop(after: timeout)
        // The pipe reaches EOF once the child is gone, unless a grandchild kept it open: bounded too.
        _ = eventually(timeout: 5) { collected.isDone }
        // -1: still there even after SIGKILL (Foundation traps on the status of a running process).
        let status = process.isRunning ? -1 : process.terminationStatus
        return (status, String(decoding: collected.data, as: UTF8.self))
    }

    /// Reads from `handle` until `matches` finds what it wants in the text so far, the child closes
    /// its end, or `timeout` passes. Returns everything read.
    package static func read(_ handle: FileHandle, timeout: Double, until matches: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = ""
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !matches(seen) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var pfd = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(remaining * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            seen += String(decoding: chunk[..<count], as: UTF8.self)
        }
        return seen
    }
}

extension Process {
    /// Waits up to `seconds` for the process to exit by itself, then sends SIGTERM, and SIGKILL
    /// 5 seconds after that. Returns once it is gone (SIGKILL cannot be refused) or, if even that is
    /// not seen within 5 more seconds, gives up rather than hang.
    package func stop(after seconds: Double, signal: Int32 = SIGTERM) {
        if eventually(timeout: seconds, { !isRunning }) { return }
        kill(processIdentifier, signal)
        if eventually(timeout: 5, { !isRunning }) { return }
        kill(processIdentifier, SIGKILL)
        _ = eventually(timeout: 5) { !isRunning }
    }
}

/// Holds a reader thread's result; written once by that thread under the lock.
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Data?

    func finish(with data: Data) { lock.withLock { result = data } }
    var isDone: Bool { lock.withLock { result != nil } }
    var data: Data { lock.withLock { result ?? Data() } }
}
