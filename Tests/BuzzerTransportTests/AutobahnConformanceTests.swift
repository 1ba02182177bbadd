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

    /// Runs the given case groups against a fresh echo server and returns the failing cases.
    func run(groups: [String], name: String) throws -> (failures: [String], count: Int, reports: String) {
        let root = PythonTool.packageRoot(from: #filePath)
        let python = try PythonTool.interpreter(packageRoot: root)
        let kosoku = python.deletingLastPathComponent().appendingPathComponent("kosoku")
        let base = ProcessInfo.processInfo.environment["BUZZER_REPORTS"].map(URL.init(fileURLWithPath:))
            ?? root.appendingPathComponent("reports")
        let reports = base.appendingPathComponent("autobahn/\(name)")
        try? FileManager.default.removeItem(at: reports)
        let server = try ServerProcess(arguments: ["echo", "--port", "0"])
        defer { server.stop() }
        var arguments = ["127.0.0.1:\(server.port)", "-o", reports.path, "-p", "4"]
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

    @Test func permessageDeflateGroupsPassStrictly() throws {
        let result = try run(groups: ["12.*", "13.*"], name: "deflate")
        #expect(result.count >= 200, "expected the whole of groups 12 and 13; ran \(result.count)")
        #expect(result.failures.isEmpty, "cases not OK: \(result.failures)")
    }
}
