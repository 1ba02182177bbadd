import BuzzerTestSupport
import Foundation
import Testing

/// Our server against an independent client implementation: Python `websockets`.
@Suite struct PythonInteropTests {
    @Test func pythonWebsocketsClientNegotiatesDeflateEchoesAllSizesAndClosesCleanly() throws {
        let root = PythonTool.packageRoot(from: #filePath)
        let python = try PythonTool.interpreter(packageRoot: root)
        let server = try ServerProcess(arguments: ["echo", "--port", "0"])
        defer { server.stop() }
        let script = root.appendingPathComponent("Tests/Interop/websockets_interop.py").path
        let (status, output) = try PythonTool.run(python, [script, "ws://127.0.0.1:\(server.port)/"], timeout: 120)
        #expect(status == 0, "interop client failed: \(output)")
        #expect(output.contains("\"close_code\": 1000"), "\(output)")
        #expect(output.contains("\"echoed\": 21"), "\(output)")
    }
}
