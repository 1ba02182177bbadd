import Foundation

/// Finds the Python interpreter that has the independent peers (`websockets`, `kosoku`) installed:
/// `BUZZER_PYTHON` (set by ./run-tests), else the package's `.venv`.
package enum PythonTool {
    package struct Missing: Error, CustomStringConvertible {
        package var description: String {
            "no Python with websockets and kosoku found: run ./run-tests (it creates .venv), or set BUZZER_PYTHON"
        }
    }

    package static func interpreter(packageRoot: URL) throws -> URL {
        if let path = ProcessInfo.processInfo.environment["BUZZER_PYTHON"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let venv = packageRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: venv.path) else { throw Missing() }
        return venv
    }

    /// The package root, found from a test file's `#filePath` (…/Tests/<Target>/<File>.swift).
    package static func packageRoot(from filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs a command, returning its exit status and combined output; killed after `timeout` seconds.
    package static func run(_ executable: URL, _ arguments: [String], timeout: Double) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let collected = OutputCollector()
        let reader = Thread { collected.data = pipe.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
        while !collected.done, Date() < deadline.addingTimeInterval(5) { usleep(10_000) }
        return (process.terminationStatus, String(decoding: collected.data, as: UTF8.self))
    }
}

/// Holds a reader thread's result; written once by that thread, read after it finished.
private final class OutputCollector: @unchecked Sendable {
    var data = Data() {
        didSet { done = true }
    }
    private(set) var done = false
}
