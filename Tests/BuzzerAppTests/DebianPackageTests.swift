import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// The Debian package for hosts who don't build Swift (deploy/debian/build-deb.sh): built with the
/// Swift runtime linked in, installed with apt-get, run as its systemd unit runs it (the `buzzer`
/// user, the installed config, from `/`), one game played and verified from the log, then purged.
/// It changes the machine (a package, a user), so it needs root; CI runs `./run-tests` as root.
@Suite(.serialized) struct DebianPackageTests {
    static let root = LiveGameServer.packageRoot
    static let scratch = root + "/.build-deb"
    /// Written before this test installs the package, removed once it purged it: a package found
    /// installed with the marker there was left by an interrupted run and may be purged; without it,
    /// it is someone's real installation, and its games are not this test's to delete.
    static let marker = scratch + "/installed-by-DebianPackageTests"

    /// Why the test cannot run here, or nil when it can.
    static let unableReason: String? = {
        // A static release build of minutes: CI's, or asked for.
        if !LongTests.enabled { return LongTests.skipReason }
        if getuid() != 0 { return "not root: installing and purging a package needs root (CI runs ./run-tests as root)" }
        for tool in ["/usr/bin/dpkg-deb", "/usr/bin/apt-get", "/usr/bin/dpkg-query"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing: not a Debian system"
        }
        return nil
    }()

    @Test(.enabled(if: unableReason == nil, Comment(rawValue: unableReason ?? "")))
    func thePackageInstallsRunsAGameAsTheServiceWouldAndPurgesClean() throws {
        let fm = FileManager.default
        if Self.packageState() != nil {
            guard fm.fileExists(atPath: Self.marker) else {
                Issue.record("a buzzer package is already installed here (not by this test); purge it first: apt-get purge buzzer")
                return
            }
            #expect(try Self.apt(["purge", "-y", "buzzer"]).status == 0)
        }

        // The static release build: minutes the first time, seconds once .build-deb has it.
        let build = try ChildProcess.run(URL(fileURLWithPath: Self.root + "/deploy/debian/build-deb.sh"), [], timeout: 2400)
        try #require(build.status == 0, "build-deb.sh failed:\n\(build.output.suffix(4000))")
        let deb = try #require(build.output.split(separator: "\n").last.map(String.init))
        #expect(deb.hasSuffix(".deb"), "\(deb)")
        #expect(URL(fileURLWithPath: deb).lastPathComponent.hasPrefix("buzzer_\(try Self.sourceVersion())_"), "\(deb)")

        try Data().write(to: URL(fileURLWithPath: Self.marker))
        var purged = false
        defer {
            // After a failure too; the marker stays if even that purge fails, so the next run may purge.
            if !purged { purged = (try? Self.apt(["purge", "-y", "buzzer"]))?.status == 0 }
            if purged { try? fm.removeItem(atPath: Self.marker) }
        }
        let install = try Self.apt(["install", "-y", deb])
        try #require(install.status == 0, "apt-get install failed:\n\(install.output)")
        #expect(Self.packageState() == "install ok installed")

        // What the package put where.
        let binary = try fm.destinationOfSymbolicLink(atPath: "/usr/bin/buzzer")
        #expect(URL(fileURLWithPath: "/usr/bin/buzzer").resolvingSymlinksInPath().path == "/usr/lib/buzzer/buzzer", "\(binary)")
        #expect(fm.fileExists(atPath: "/usr/lib/buzzer/buzzer_BuzzerApp.resources/Public/index.html"))
        let conffiles = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/dpkg-query"), ["-W", "-f=${Conffiles}", "buzzer"], timeout: 30).output
        #expect(conffiles.contains("/etc/buzzer/config.json"), "\(conffiles)")
        let config = try String(contentsOfFile: "/etc/buzzer/config.json", encoding: .utf8)
        for path in ["/var/lib/buzzer/questions", "/var/lib/buzzer/media", "/var/lib/buzzer/archive"] {
            #expect(config.contains("\"\(path)\""), "the packaged config does not use \(path)")
            #expect(Self.owner(of: path) == "buzzer", "\(path) is not the service's")
        }
        let seeded = try fm.contentsOfDirectory(atPath: "/var/lib/buzzer/questions").sorted()
        let samples = try fm.contentsOfDirectory(atPath: Self.root + "/questions").filter { $0.hasSuffix(".json") }.sorted()
        #expect(seeded == samples, "postinst did not seed the library from /usr/share/buzzer/questions")
        if fm.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verify = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", "/lib/systemd/system/buzzer.service"], timeout: 60)
            #expect(verify.status == 0 && verify.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(verify.output)")
        }

        // As the unit starts it: the buzzer user, the installed config, from /, no backtracer.
        // setpriv execs, so the PID is the server's own (runuser would sit in between).
        let server = try ServerProcess(
            executable: "/usr/bin/setpriv",
            arguments: Self.asService(["/usr/bin/buzzer", "serve", "--config", "/etc/buzzer/config.json", "--host", "127.0.0.1", "--port", "0"]),
            environment: ["SWIFT_BACKTRACE": "enable=no"], directory: "/", timeout: 30)
        defer { server.stop(signal: SIGKILL) }
        let started = server.readOutput { $0.contains("edit the question library at ") && $0.hasSuffix("\n") }
        #expect(started.contains("host the night at http://"), "\(started)")
        // Under systemd stdout is the journal: the token is in its file, not in the output (issue 28).
        #expect(started.contains("with the edit token from /var/lib/buzzer/archive/edit-token"), "\(started)")
        let token = try String(contentsOfFile: "/var/lib/buzzer/archive/edit-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 32 && !started.contains(token), "\(started)")

        // The pages are found from /usr/bin/buzzer, a symlink: beside the binary's real path.
        let index = try TestWebSocketClient.httpGet(port: server.port, path: "/")
        #expect(index.status == 200 && index.body.contains("Buzzer: join the quiz</title>"), "\(index.body.prefix(300))")
        let console = try TestWebSocketClient.httpGet(port: server.port, path: "/host")
        #expect(console.status == 200 && console.body.contains("Buzzer: host console</title>"), "\(console.body.prefix(300))")

        // The seeded library is listed, and the editor can write to it.
        let packs = try TestWebSocketClient.httpGet(port: server.port, path: "/api/packs")
        #expect(packs.status == 200 && packs.body.contains("pub-classics"), "\(packs.body.prefix(300))")
        let saved = try LibraryAPILiveTests.request(server.port, "POST", "/api/packs", body: LibraryAPILiveTests.newPack, token: token)
        #expect(saved.status == 201, "\(saved.body)")
        if let id = saved.json["id"] as? String {
            #expect(Self.owner(of: "/var/lib/buzzer/questions/\(id).json") == "buzzer")
        }

        // One game, inline (a library pack may soon need the edit token to start), in the shipped order.
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "timeLimitSeconds": 60, "shuffleOptions": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        let answers: [[String: Any]] = [["kind": "choice", "option": 1], ["kind": "text", "text": "The Beatles"], ["kind": "number", "value": 1969]]
        for (question, answer) in answers.enumerated() {
            try ada.next("question")
            try ada.send(type: "answer", ["question": question, "answer": answer])
            #expect(try ada.next("answer_ack")["durable"] as? Bool == true)
            try host.send(type: "reveal")
            try host.next("reveal")
            try ada.next("result")
            guard question < answers.count - 1 else { break }
            // A round's last question is followed by its leaderboard, then the next round.
            try host.send(type: "next")
            if try host.next(after: ["question", "leaderboard"])["type"] as? String == "leaderboard" { try host.send(type: "next") }
        }
        try host.send(type: "end")
        let ended = try ada.next("ended")
        let podium = try #require(ended["players"] as? [[String: Any]])
        #expect(podium.first?["nickname"] as? String == "Ada" && podium.first?["correct"] as? Int == 3, "\(podium)")

        // Stopped by PID as systemd stops it: SIGTERM, the log synced, status 0.
        #expect(server.stop(signal: SIGTERM, timeout: 15) == 0)

        // The game verifies from the log the service wrote, read as the service's user, with the Swift
        // toolchain out of sight where a private mount namespace can hide it: ldd shows only what is
        // linked, not what Foundation might open at run time.
        let verifyCommand = Self.asService(["/usr/bin/buzzer", "replay", "verify", "--archive", "/var/lib/buzzer/archive"])
        var verify = try Self.withoutToolchain(["/usr/bin/setpriv"] + verifyCommand)
        if verify.status == Self.cannotHide {
            Issue.record("could not hide the Swift toolchain here (\(verify.output.prefix(200))); verified with it in place", severity: .warning)
            verify = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/setpriv"), verifyCommand, timeout: 60)
        }
        #expect(verify.status == 0 && verify.output.contains("1 game verified, 0 failed"), "\(verify.output)")

        // Issue 28: from a folder without config.json, the tools find the installed one and say so.
        let shown = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"),
                                         ["-c", "cd / && exec /usr/bin/setpriv " + Self.asService(["/usr/bin/buzzer", "edit-token"]).joined(separator: " ")], timeout: 30)
        #expect(shown.status == 0 && shown.output.contains(token) && shown.output.contains("using the config file /etc/buzzer/config.json"), "\(shown.output)")

        // No Swift toolchain behind it: nothing from /opt/swift, no libswift, nothing missing.
        let ldd = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/ldd"), ["/usr/lib/buzzer/buzzer"], timeout: 30)
        #expect(ldd.status == 0, "\(ldd.output)")
        for word in ["libswift", "libFoundation", "libdispatch", "/opt/swift", "not found"] {
            #expect(!ldd.output.contains(word), "\(ldd.output)")
        }

        // Purge takes everything, the library and the game log included.
        let purge = try Self.apt(["purge", "-y", "buzzer"])
        purged = purge.status == 0
        #expect(purged, "\(purge.output)")
        #expect(Self.packageState() == nil)
        for path in ["/var/lib/buzzer", "/etc/buzzer", "/usr/bin/buzzer", "/usr/lib/buzzer", "/lib/systemd/system/buzzer.service"] {
            #expect(!fm.fileExists(atPath: path), "\(path) is still there after the purge")
        }
    }

    /// `command` run as the unit's User=buzzer, Group=buzzer, through setpriv (which execs).
    static func asService(_ command: [String]) -> [String] {
        ["--reuid=buzzer", "--regid=buzzer", "--init-groups", "--"] + command
    }

    /// `withoutToolchain`'s status when this machine cannot hide the toolchain (no unshare, or no
    /// right to make a mount namespace, as in some containers).
    static let cannotHide: Int32 = 97

    /// Runs `command` in a private mount namespace where the folder of the `swift` on PATH
    /// (/opt/swift here) is an empty tmpfs, as on a machine that never had a toolchain.
    static func withoutToolchain(_ command: [String]) throws -> (status: Int32, output: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let swift = path.split(separator: ":").map({ $0 + "/swift" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return (cannotHide, "") }
        // …/usr/bin/swift -> the toolchain's root.
        let toolchain = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        guard toolchain != "/" && toolchain != "/usr" else { return (cannotHide, "") }
        let script = "mount -t tmpfs none \"$0\" 2>/dev/null && [ -z \"$(ls -A \"$0\")\" ] || exit \(cannotHide); exec \"$@\""
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "--propagation", "private", "/bin/sh", "-c", script, toolchain] + command, timeout: 60)
        // unshare itself refused (no CAP_SYS_ADMIN): say so the same way.
        return result.output.hasPrefix("unshare: ") ? (cannotHide, result.output) : result
    }

    /// apt-get, waiting for the dpkg lock rather than failing if another install holds it.
    static func apt(_ arguments: [String]) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["DEBIAN_FRONTEND"] = "noninteractive"
        return try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/apt-get"), ["-o", "DPkg::Lock::Timeout=300"] + arguments, timeout: 900, environment: environment)
    }

    /// dpkg's status of the buzzer package, nil when it is not installed (or only purged).
    static func packageState() -> String? {
        guard let result = try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/dpkg-query"), ["-W", "-f=${Status}", "buzzer"], timeout: 30),
              result.status == 0 else { return nil }
        let state = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return state.hasSuffix("not-installed") || state.isEmpty ? nil : state
    }

    static func owner(of path: String) -> String? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.ownerAccountName] as? String
    }

    /// The version in Sources/BuzzerApp/BuzzerVersion.swift, which `buzzer --version` prints.
    static func sourceVersion() throws -> String {
        let source = try String(contentsOfFile: root + "/Sources/BuzzerApp/BuzzerVersion.swift", encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("static let current") })
        return try #require(line.split(separator: "\"").dropFirst().first.map(String.init))
    }
}
