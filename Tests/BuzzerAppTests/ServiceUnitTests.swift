import BuzzerTestSupport
import Foundation
import Testing

/// `deploy/buzzer.service` and the Debian package's `deploy/debian/buzzer.service`, checked as far as
/// a machine without a running systemd allows: `systemd-analyze verify` parses every directive and
/// checks the command it starts.
struct ServiceUnitTests {
    static let unitPath = LiveGameServer.packageRoot + "/deploy/buzzer.service"

    @Test func theShippedUnitVerifiesWithoutAWarning() throws {
        try Self.verifyQuietly(Self.unitPath, startingFrom: "/opt/buzzer/buzzer")
    }

    /// `systemd-analyze verify` on a copy of the unit that starts this build's binary instead of the
    /// installed one (verify checks that it exists): status 0 and not one warning.
    static func verifyQuietly(_ path: String, startingFrom installed: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let unit = try String(contentsOfFile: path, encoding: .utf8)
        let local = unit.replacingOccurrences(of: "ExecStart=\(installed) ", with: "ExecStart=\(ServerProcess.binaryPath) ")
        #expect(local != unit, "the unit no longer starts \(installed)", sourceLocation: sourceLocation)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("buzzer.service")
        try Data(local.utf8).write(to: copy)

        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", copy.path], timeout: 60)
        #expect(result.status == 0, "\(result.output)", sourceLocation: sourceLocation)
        // An unknown or misspelt directive is only a warning, with status 0.
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(result.output)", sourceLocation: sourceLocation)
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

    static let debianUnitPath = LiveGameServer.packageRoot + "/deploy/debian/buzzer.service"

    /// The Debian package's unit is this one with a static user and the package's paths: every other
    /// setting (the notify watchdog, the sandbox) must stay, so a hardening added here is not lost there.
    @Test func theDebianUnitKeepsEverySettingButTheUser() throws {
        func settings(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("#") && $0.contains("=") }
        }
        let debian = Set(try settings(Self.debianUnitPath))
        for line in try settings(Self.unitPath) where !line.hasPrefix("ExecStart=") && line != "DynamicUser=yes" {
            #expect(debian.contains(line), "deploy/debian/buzzer.service lost \(line)")
        }
        #expect(!debian.contains("DynamicUser=yes"))
        for line in ["User=buzzer", "Group=buzzer", "ExecStart=/usr/bin/buzzer serve --config /etc/buzzer/config.json"] {
            #expect(debian.contains(line), "missing \(line)")
        }
    }

    @Test func theDebianUnitVerifiesWithoutAWarning() throws {
        try Self.verifyQuietly(Self.debianUnitPath, startingFrom: "/usr/bin/buzzer")
    }
}
