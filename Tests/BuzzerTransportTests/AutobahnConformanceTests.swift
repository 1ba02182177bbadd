import BuzzerTestSupport
import Foundation
import Testing

/// The Autobahn|Testsuite fuzzing cases, run by kosoku (the same case files on Python 3) against
/// `buzzer echo`. Required: every case OK or INFORMATIONAL, for the exchange and for the close.
/// NON-STRICT is a failure too: we give the strict answer wherever one is possible.
@Suite(.serialized) struct AutobahnConformanceTests {
    struct CaseVerdict: Decodable {
        var behavior: String
        var behaviorClose: String
    }

    static let acceptable: Set<String> = ["OK", "INFORMATIONAL"]

    /// Runs the given case groups against a fresh echo server and returns the failing cases. With
    /// `overTLS`, the server serves wss with a certificate made here, and kosoku reaches it through
    /// `Tests/Interop/tls_relay.py` (kosoku itself speaks ws only).
    func run(groups: [String], name: String, overTLS: Bool = false) throws -> (failures: [String], count: Int, reports: String) {
        let root = PythonTool.packageRoot(from: #filePath)
        let python = try PythonTool.interpreter(packageRoot: root)
        let kosoku = python.deletingLastPathComponent().appendingPathComponent("kosoku")
        let base = ProcessInfo.processInfo.environment["BUZZER_REPORTS"].map(URL.init(fileURLWithPath:))
            ?? root.appendingPathComponent("reports")
        let reports = base.appendingPathComponent("autobahn/\(name)")
        try? FileManager.default.removeItem(at: reports)
        var echo = ["echo", "--port", "0"]
        var relay: Process?
        // Stopped and waited for, SIGKILL past 5 s: a relay left running would hold its port after the run.
        defer { relay?.stop(after: 0) }
        if overTLS {
            let folder = ScratchFolder.make("buzzer-autobahn-tls", create: false)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let made = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"], timeout: 60)
            #expect(made.status == 0, "\(made.output)")
            echo += ["--tls-certificate", folder + "/cert.pem", "--tls-key", folder + "/key.pem"]
        }
        let server = try ServerProcess(arguments: echo)
        defer { server.stop() }
        var port = server.port
        if overTLS {
            let process = Process()
            process.executableURL = python
            process.arguments = [root.appendingPathComponent("Tests/Interop/tls_relay.py").path, "\(server.port)"]
            let pipe = Pipe()
            process.standardOutput = pipe
            // Not the test's own stderr: a relay left behind must not hold the runner's pipe open.
            process.standardError = FileHandle.nullDevice
            try process.run()
            relay = process
            let line = ChildProcess.read(pipe.fileHandleForReading, timeout: 20) { $0.contains("\n") }
            port = try #require(line.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "relay said: \(line)")
        }
        var arguments = ["127.0.0.1:\(port)", "-o", reports.path, "-p", "4"]
        for group in groups { arguments += ["-i", group] }
        let (_, output) = try PythonTool.run(kosoku, arguments, timeout: 1800)
        print("Autobahn \(name): per-case reports in \(reports.path)")
        let indexURL = reports.appendingPathComponent("index.json")
        guard let data = try? Data(contentsOf: indexURL) else {
            Issue.record("kosoku wrote no index.json; output: \(output)")
            return (["(no report)"], 0, reports.path)
        }
        let index = try JSONDecoder().decode([String: [String: CaseVerdict]].self, from: data)
        var failures: [String] = []
        var count = 0
        for (_, cases) in index {
            for (id, verdict) in cases {
                count += 1
                if !Self.acceptable.contains(verdict.behavior) || !Self.acceptable.contains(verdict.behaviorClose) {
                    failures.append("\(id): \(verdict.behavior) / close \(verdict.behaviorClose)")
                }
            }
        }
        return (failures.sorted(), count, reports.path)
    }

    @Test func framingUTF8CloseAndLimitGroupsPassStrictly() throws {
        let result = try run(groups: ["1.*", "2.*", "3.*", "4.*", "5.*", "6.*", "7.*", "9.*", "10.*"], name: "core")
        #expect(result.count >= 300, "expected the whole of groups 1-7, 9, 10; ran \(result.count)")
        #expect(result.failures.isEmpty, "cases not OK: \(result.failures)")
    }

    /// A subset over wss: framing, pings, fragmentation, UTF-8, close handling, and compression, each
    /// crossing the server's TLS layer (the whole suite runs above over plain ws).
    @Test func aSubsetPassesStrictlyOverTLS() throws {
        let result = try run(groups: ["1.*", "2.*", "5.*", "6.2.*", "6.4.*", "7.1.*", "7.5.*", "9.1.1", "9.2.1", "12.1.*"], name: "wss", overTLS: true)
        #expect(result.count >= 80, "expected the subset; ran \(result.count)")
        #expect(result.failures.isEmpty, "cases not OK over wss: \(result.failures)")
    }

    /// The whole of groups 12 and 13 (216 cases, minutes of compression) with `LongTests` (CI's run);
    /// otherwise one case of each message size and each negotiated window and context mode.
    @Test func permessageDeflateGroupsPassStrictly() throws {
        let groups = LongTests.enabled ? ["12.*", "13.*"] : ["12.1.*", "12.5.1", "12.5.18", "13.1.1", "13.2.1", "13.3.1", "13.4.1", "13.5.1", "13.6.1", "13.7.1", "13.7.18"]
        let result = try run(groups: groups, name: "deflate")
        #expect(result.count >= (LongTests.enabled ? 200 : 28), "expected \(groups); ran \(result.count)")
        #expect(result.failures.isEmpty, "cases not OK: \(result.failures)")
    }
}
