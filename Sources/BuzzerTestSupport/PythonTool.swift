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

    /// Runs a command, returning its exit status and combined output; stopped after `timeout` seconds.
    package static func run(_ executable: URL, _ arguments: [String], timeout: Double) throws -> (status: Int32, output: String) {
        try ChildProcess.run(executable, arguments, timeout: timeout)
    }
}
