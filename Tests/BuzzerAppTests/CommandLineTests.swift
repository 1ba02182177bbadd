@testable import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing

/// The `buzzer` binary's offline commands, run as a user would.
struct CommandLineTests {
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), arguments, timeout: 120)
    }

    func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-cli-\(UUID().uuidString).json").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func checkAcceptsTheSampleLibrary() throws {
        for pack in ["pub-classics", "around-the-world", "science-and-nature", "history-and-sport", "music-and-screen"] {
            let result = try run(["check", LiveGameServer.packageRoot + "/questions/\(pack).json"])
            #expect(result.status == 0, "\(pack): \(result.output)")
            #expect(result.output.contains("OK"))
        }
    }

    @Test func checkListsEveryProblemWithItsPath() throws {
        let path = try temporaryFile(#"""
        {"title":"Bad","questions":[
          {"kind":"choice","category":"History","text":"Year?","options":["1569","1569"],"answer":0},
          {"kind":"choice","category":"History","text":"Another?","options":["a","b"]},
          {"kind":"truefalse","category":"","text":"x","answer":true,"colour":"red"}
        ]}
        """#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["check", path])
        #expect(result.status == 1)
        #expect(result.output.contains(#"questions[0].options: two options are identical ("1569")"#), "\(result.output)")
        #expect(result.output.contains(#"questions[1]: missing field "answer""#))
        #expect(result.output.contains("questions[2].colour"))
        #expect(result.output.contains("questions[2].category"))
    }

    /// Issue 28, defect 8: `buzzer check` names a control character by its path, and a problem that
    /// quotes the text (two identical options) prints it escaped, never raw.
    @Test func checkNamesControlCharactersAndPrintsThemEscaped() throws {
        let path = try temporaryFile(#"""
        {"title":"\u001b]0;pwned\u0007","questions":[
          {"kind":"choice","category":"History","text":"Year?","options":["\u001b[2J","\u001b[2J"],"answer":0}
        ]}
        """#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["check", path])
        #expect(result.status == 1)
        #expect(result.output.contains("title: holds the control character U+001B; it must be one line of text"), "\(result.output)")
        #expect(result.output.contains(#"questions[0].options: two options are identical ("\u{1B}[2J")"#), "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }

    @Test func checkReportsAMissingFile() throws {
        let result = try run(["check", "/nonexistent/pack.json"])
        #expect(result.status == 2)
        #expect(result.output.contains("cannot read /nonexistent/pack.json"))
    }

    @Test func importConvertsAnOpenTDBResponseIntoAValidPack() throws {
        let input = try temporaryFile(#"""
        {"response_code":0,"results":[
          {"category":"Science &amp; Nature","type":"multiple","difficulty":"easy","question":"What is &quot;H2O&quot;?",
           "correct_answer":"Water","incorrect_answers":["Salt","Air","Fire"]},
          {"category":"History","type":"boolean","difficulty":"easy","question":"Rome wasn&#039;t built in a day.",
           "correct_answer":"True","incorrect_answers":["False"]}
        ]}
        """#)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-cli-out-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: input); try? FileManager.default.removeItem(atPath: output) }
        let result = try run(["import", "opentdb", input, "-o", output, "--title", "Imported"])
        #expect(result.status == 0, "\(result.output)")
        let pack = try String(contentsOfFile: output, encoding: .utf8)
        #expect(pack.contains(#"What is \"H2O\"?"#))
        #expect(pack.contains("Rome wasn't built in a day."))
        #expect(try run(["check", output]).status == 0)
    }

    @Test func importCSVWritesAPackAndNamesTheLineOfAQuestionThatBreaksARule() throws {
        let input = try temporaryFile("text,options,answer\nCapital of Canada?,Toronto|Ottawa,Ottawa\nSame twice?,Yes|yes,A\n")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-cli-csv-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: input); try? FileManager.default.removeItem(atPath: output) }
        let refused = try run(["import", "csv", input, "-o", output])
        #expect(refused.status == 1)
        #expect(refused.output.contains("line 3: questions[1].options"), "\(refused.output)")
        try Data("text,options,answer\nCapital of Canada?,Toronto|Ottawa,Ottawa\n".utf8).write(to: URL(fileURLWithPath: input))
        let result = try run(["import", "csv", input, "-o", output, "--title", "From a sheet"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try run(["check", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("From a sheet"))
    }

    @Test func checkFindsEveryMediaFileAPackNames() throws {
        let folder = ScratchFolder.make("buzzer-cli-media", create: false)
        try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let present = String(repeating: "a", count: 64), absent = String(repeating: "b", count: 64)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder + "/media/\(present).png"))
        let pack = #"{"title":"P","questions":[{"kind":"truefalse","category":"Art","text":"Blue?","answer":true,"media":{"image":"/media/"# + present
            + #".png"},"revealMedia":{"audio":"/media/"# + absent + #".mp3"}}]}"#
        try Data(pack.utf8).write(to: URL(fileURLWithPath: folder + "/pack.json"))
        let result = try run(["check", folder + "/pack.json", "--media", folder + "/media"])
        #expect(result.status == 1)
        #expect(result.output.contains("questions[0].revealMedia.audio: /media/\(absent).mp3 is not in the media folder"), "\(result.output)")
        #expect(!result.output.contains(present))
    }

    @Test func aPackMovesBetweenMachinesWithItsMediaAsAFolder() throws {
        let root = ScratchFolder.make("buzzer-cli-move", create: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        // Each machine runs the repository's config, pointed at its own library and media folders.
        for machine in ["one", "two"] {
            try fm.createDirectory(atPath: "\(root)/\(machine)/questions", withIntermediateDirectories: true)
            var config = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: LiveGameServer.packageRoot + "/config.json"))) as! [String: Any]
            var library = config["library"] as! [String: Any]
            library["mediaDirectory"] = "media"
            config["library"] = library
            var rooms = config["rooms"] as! [String: Any]
            rooms["libraryDirectory"] = "questions"
            config["rooms"] = rooms
            try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: "\(root)/\(machine)/config.json"))
        }
        let id = String(repeating: "c", count: 64)
        try fm.createDirectory(atPath: "\(root)/one/media", withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: "\(root)/one/media/\(id).png"))
        let pack = #"{"title":"Pictures","questions":[{"kind":"text","category":"Art","text":"Who?","answer":["Vermeer"],"media":{"image":"/media/"# + id + #".png"}}]}"#
        try Data(pack.utf8).write(to: URL(fileURLWithPath: "\(root)/one/questions/pictures.json"))

        let exported = try run(["pack", "export", "pictures", "--to", "\(root)/night", "--config", "\(root)/one/config.json"])
        #expect(exported.status == 0, "\(exported.output)")
        #expect(fm.fileExists(atPath: "\(root)/night/media/\(id).png"))
        #expect(try run(["check", "\(root)/night/questions/pictures.json"]).status == 0, "check finds the exported media beside the pack")
        let imported = try run(["pack", "import", "\(root)/night", "--config", "\(root)/two/config.json"])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(fm.fileExists(atPath: "\(root)/two/media/\(id).png"))
        #expect(fm.fileExists(atPath: "\(root)/two/questions/pictures.json"))
        let again = try run(["pack", "import", "\(root)/night", "--config", "\(root)/two/config.json"])
        #expect(again.status == 1)
        #expect(again.output.contains("already has pictures"))
        #expect(try run(["pack", "export", "nope", "--to", "\(root)/x", "--config", "\(root)/one/config.json"]).status == 1)
    }

    /// A quiz night written by `buzzer replay generate` (eight games at once, their lines
    /// interleaved), and the code of its first finished game.
    struct Night {
        let directory: String
        let file: String
        let code: String
        var lines: [String]

        init(run: ([String]) throws -> (status: Int32, output: String)) throws {
            directory = ScratchFolder.make("buzzer-cli-night", create: false)
            let generated = try run(["replay", "generate", "--events", "1", "--seed", "3", "--output", directory])
            #expect(generated.status == 0, "\(generated.output)")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
            file = directory + "/" + (try #require(files.count == 1 ? files.first : nil))
            lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
            let ended = lines.first { $0.contains(#""type":"room_ended""#) && $0.contains(#""reason":"finished""#) }
            let room = try #require(ended.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["room"] as? String)
            code = room
        }

        /// Removes the middle answer of the game from the log, as a damaged disk would; returns
        /// `file:line` of the line after it, where the sequence gap shows.
        mutating func removeAMiddleAnswer() throws -> String {
            let answers = lines.indices.filter { lines[$0].contains(#""room":"\#(code)""#) && lines[$0].contains(#""type":"answer_recorded""#) }
            let index = answers[answers.count / 2]
            lines.remove(at: index)
            try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            return "\(file):\(index + 1)"
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Issue 10, defect 8: with a line missing, show, export and leaderboard printed standings on
    /// stdout as if they were valid. Now they refuse and say where the log is damaged.
    @Test func replayRefusesToPrintNumbersFromALogWithAMissingLine() throws {
        var night = try Night(run: run)
        defer { night.remove() }
        let gap = try night.removeAMiddleAnswer()
        let archive = ["--archive", night.directory]

        let show = try run(["replay", "show", night.code] + archive)
        #expect(show.status == 1)
        #expect(show.output.contains("game \(night.code)@1 is incomplete, so its numbers may be wrong: \(gap)"), "\(show.output)")
        #expect(show.output.contains("--allow-incomplete"))
        #expect(!show.output.contains("Podium"))

        let csv = night.directory + "/night.csv"
        let export = try run(["replay", "export", night.code, "--format", "csv", "-o", csv] + archive)
        #expect(export.status == 1)
        #expect(export.output.contains(gap), "\(export.output)")
        #expect(!FileManager.default.fileExists(atPath: csv))

        let season = try run(["replay", "leaderboard"] + archive)
        #expect(season.status == 1)
        #expect(season.output.contains("this table depends on"), "\(season.output)")
        #expect(season.output.contains("\(night.code)@1"))
        #expect(season.output.contains("(\(gap)"))
        #expect(!season.output.contains("RANK"))
    }

    /// With --allow-incomplete the numbers print, and the output itself says they may be wrong.
    @Test func replayMarksTheOutputOfAnIncompleteGameWhenAllowed() throws {
        var night = try Night(run: run)
        defer { night.remove() }
        let gap = try night.removeAMiddleAnswer()
        let archive = ["--archive", night.directory, "--allow-incomplete"]

        let show = try run(["replay", "show", night.code] + archive)
        #expect(show.status == 1)
        #expect(show.output.hasPrefix("INCOMPLETE: lines of this game's log are missing"), "\(show.output.prefix(300))")
        #expect(show.output.contains("    \(gap)"))
        #expect(show.output.contains("\(night.code)@1  \""))
        #expect(show.output.contains("Podium  INCOMPLETE: may be wrong"))
        let showJSON = try run(["replay", "show", night.code, "--json"] + archive)
        #expect(showJSON.output.contains(#""complete" : false"#), "\(showJSON.output.prefix(300))")

        let csv = night.directory + "/night.csv"
        #expect(try run(["replay", "export", night.code, "--format", "csv", "-o", csv] + archive).status == 1)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(rows.first?.hasSuffix(",complete") == true)
        #expect(rows.count > 1)
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",false") })
        let json = try run(["replay", "export", night.code, "--format", "json"] + archive)
        #expect(json.output.contains(#","complete":false}"#))
        #expect(!json.output.contains(#""complete":true"#))

        let season = try run(["replay", "leaderboard"] + archive)
        #expect(season.status == 1)
        #expect(season.output.hasPrefix("INCOMPLETE: "), "\(season.output.prefix(300))")
        #expect(season.output.contains("\(night.code)@1 (finished, counted): \(gap)"))
        let header = try #require(season.output.split(separator: "\n").first { $0.hasPrefix("RANK") })
        #expect(header.hasSuffix("INCOMPLETE"))
        let seasonJSON = try run(["replay", "leaderboard", "--json"] + archive)
        #expect(seasonJSON.output.contains(#""complete" : false"#))
    }

    @Test func replayPrintsAWholeLogUnmarked() throws {
        let night = try Night(run: run)
        defer { night.remove() }
        let archive = ["--archive", night.directory]
        let show = try run(["replay", "show", night.code] + archive)
        #expect(show.status == 0, "\(show.output.prefix(300))")
        #expect(!show.output.contains("INCOMPLETE"))
        let csv = night.directory + "/night.csv"
        #expect(try run(["replay", "export", night.code, "--format", "csv", "-o", csv] + archive).status == 0)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",true") })
        let season = try run(["replay", "leaderboard"] + archive)
        #expect(season.status == 0, "\(season.output.prefix(300))")
        #expect(!season.output.contains("INCOMPLETE"))
    }

    /// Issue 28, defect 8: a title holding `ESC ] 0 ; pwned BEL ESC [ 2 J` was printed raw by
    /// `replay list`, `show` and `verify`. Packs now refuse it, but a log from before may hold it:
    /// every command still reads that game, and prints the title escaped.
    @Test func replayPrintsAnOldLogsControlCharactersEscaped() throws {
        var night = try Night(run: run)
        defer { night.remove() }
        let index = try #require(night.lines.firstIndex { $0.contains(#""type":"room_created""#) && $0.contains(#""room":"\#(night.code)""#) })
        let title = try #require(night.lines[index].range(of: #""pack":\{"title":"[^"]*""#, options: .regularExpression))
        night.lines[index].replaceSubrange(title, with: #""pack":{"title":"\u001b]0;pwned\u0007\u001b[2J\u009b31m""#)
        try (night.lines.joined(separator: "\n") + "\n").write(toFile: night.file, atomically: true, encoding: .utf8)
        let archive = ["--archive", night.directory]
        let escaped = #"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m"#
        func isRaw(_ text: String) -> Bool { text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" } }
        for command in [["replay", "list"], ["replay", "show", night.code], ["replay", "verify", night.code], ["replay", "leaderboard"]] {
            let result = try run(command + archive)
            #expect(result.status == 0, "\(command): \(result.output.prefix(300))")
            #expect(!isRaw(result.output), "\(command) printed a control character")
            if command[1] != "leaderboard" && command[1] != "verify" { #expect(result.output.contains(escaped), "\(command)") }
        }
        // JSON for scripts keeps its meaning: C0 as JSON writes it, C1 escaped the same way.
        let json = try run(["replay", "list", "--json"] + archive)
        #expect(json.status == 0)
        #expect(!isRaw(json.output))
        #expect(json.output.contains(#"\u001b]0;pwned\u0007\u001b[2J\u009B31m"#) || json.output.contains(#"\u001B]0;pwned\u0007\u001B[2J\u009B31m"#), "\(json.output.prefix(400))")
    }

    @Test func serveRefusesABrokenConfigAndNamesTheField() throws {
        let path = try temporaryFile(#"{"server":{"host":"0.0.0.0","port":99999,"eventLoops":0,"maxConnections":10}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["serve", "--config", path])
        #expect(result.status != 0)
        #expect(result.output.contains("websocket"), "\(result.output)")
        let unknown = try temporaryFile(try String(contentsOfFile: LiveGameServer.packageRoot + "/config.json", encoding: .utf8)
            .replacingOccurrences(of: "\"maxRooms\"", with: "\"maxRoomz\""))
        defer { try? FileManager.default.removeItem(atPath: unknown) }
        let typo = try run(["serve", "--config", unknown])
        #expect(typo.status != 0)
        #expect(typo.output.contains("rooms.maxRoomz"), "\(typo.output)")
    }

    /// A failure at run time is one line and status 1; only a bad argument prints the usage (64).
    @Test func serveFailsInOneLineWhenThePortIsTaken() throws {
        let taken = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(taken) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(taken, raw, length) == 0 && listen(taken, 1) == 0 && getsockname(taken, raw, &length) == 0
            }
        }
        try #require(bound, "could not hold a port for the test")
        let port = Int(UInt16(bigEndian: address.sin_port))
        let archive = ScratchFolder.make("buzzer-cli", create: false)
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let result = try run(["serve", "--config", LiveGameServer.packageRoot + "/config.json", "--host", "127.0.0.1",
                              "--port", String(port), "--archive", archive, "--log-level", "error"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Address already in use"), "\(result.output)")
        #expect(!result.output.contains("Usage"), "\(result.output)")
    }

    @Test func serveFailsInOneLineWithoutItsConfigFileOrWithAHostThatIsNoAddress() throws {
        let missing = try run(["serve", "--config", "/nonexistent/buzzer.json"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("cannot read config file /nonexistent/buzzer.json"), "\(missing.output)")
        #expect(!missing.output.contains("Usage"), "\(missing.output)")
        let host = try run(["serve", "--config", LiveGameServer.packageRoot + "/config.json", "--host", "not-an-address", "--port", "0"])
        #expect(host.status == 1)
        #expect(host.output.contains("not-an-address"), "\(host.output)")
        #expect(!host.output.contains("Usage"), "\(host.output)")
    }

    @Test func aBadArgumentStillPrintsTheUsage() throws {
        let result = try run(["serve", "--port", "99999"])
        #expect(result.status == 64)
        #expect(result.output.contains("--port must be 0...65535"), "\(result.output)")
        #expect(result.output.contains("Usage"), "\(result.output)")
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == BuzzerVersion.current)
    }

    @Test func replayListOnAnEmptyArchiveSaysThereAreNoGamesYet() throws {
        let empty = ScratchFolder.make("buzzer-cli", create: false)
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let text = try run(["replay", "list", "--archive", empty])
        #expect(text.status == 0)
        #expect(text.output.contains("no games yet"), "\(text.output)")
        let json = try run(["replay", "list", "--json", "--archive", empty])
        #expect(json.status == 0)
        #expect(json.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        // A folder that is not there is still an error.
        #expect(try run(["replay", "list", "--archive", empty + "/nope"]).status == 1)
    }
}
