import BuzzerTestSupport
import Foundation
import Testing

/// `deploy/buzzer.service`, checked as far as a machine without a running systemd allows:
/// `systemd-analyze verify` parses every directive and checks the command it starts.
struct ServiceUnitTests {
    static let unitPath = LiveGameServer.packageRoot + "/deploy/buzzer.service"

    @Test func theShippedUnitVerifiesWithoutAWarning() throws {
        let unit = try String(contentsOfFile: Self.unitPath, encoding: .utf8)
        // The unit starts the installed binary; verify checks that it exists, so point it at this build.
        let local = unit.replacingOccurrences(of: "ExecStart=/opt/buzzer/buzzer ", with: "ExecStart=\(ServerProcess.binaryPath) ")
        #expect(local != unit, "the unit no longer starts /opt/buzzer/buzzer")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("buzzer.service")
        try Data(local.utf8).write(to: copy)

        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", copy.path], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        // An unknown or misspelt directive is only a warning, with status 0.
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.output)")
    }

    @Test func theUnitRunsHardened() throws {
        let lines = Set(try String(contentsOfFile: Self.unitPath, encoding: .utf8).split(separator: "\n").map(String.init))
        for setting in ["DynamicUser=yes", "StateDirectory=buzzer", "ProtectSystem=strict", "NoNewPrivileges=yes", "ProtectHome=yes",
                        "PrivateTmp=yes", "CapabilityBoundingSet=", "Restart=always", "KillSignal=SIGTERM"] {
            #expect(lines.contains(setting), "missing \(setting)")
        }
        // With ProtectSystem=strict only the state folder is writable: the log must be there.
        #expect(lines.contains { $0.hasPrefix("ExecStart=") && $0.contains("--archive /var/lib/buzzer/") })
    }
}
