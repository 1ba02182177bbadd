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
}
