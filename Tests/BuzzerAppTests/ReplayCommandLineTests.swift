import BuzzerTestSupport
import Foundation
import Testing

/// `buzzer replay …` usage mistakes exit 64 with the usage, as docs/replay.md says, and `replay
/// correct` keeps its key off the command line and guesses no server.
@Suite struct ReplayCommandLineTests {
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), arguments, timeout: 120)
    }

    @Test func aUsageMistakeInReplayExitsSixtyFourWithTheUsage() throws {
        let empty = ScratchFolder.make("buzzer-replay-usage", create: false)
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let correct = ["replay", "correct", "ABCD", "--server", "http://127.0.0.1:9", "--token-file", "-"]
        let mistakes: [([String], String)] = [
            (["replay", "export", "--archive", empty], "name a game"),
            (["replay", "export", "ABCD", "--league", "crown", "--archive", empty], "go with --answers"),
            (["replay", "export", "--answers", "ABCD", "--archive", empty], "not a game"),
            (["replay", "export", "ABCD@x", "--archive", empty], "ABCD@x"),
            (["replay", "export", "--answers", "--since", "2024-13-45", "--archive", empty], "2024-13-45"),
            (["replay", "questions", "--csv", "--json", "--archive", empty], "choose one"),
            (["replay", "questions", "--league", "Not An Id", "--archive", empty], "--league"),
            (["replay", "leaderboard", "--league", "crown", "--since", "2024-01-01", "--archive", empty], "not --since"),
            (["replay", "show", "ABCD@x", "--archive", empty], "ABCD@x"),
            (["replay", "verify", "ABCD@x", "--archive", empty], "ABCD@x"),
            (correct + ["--reason", "x"], "exactly one of"),
            (correct + ["--void", "--reason", "x"], "--question"),
            (correct + ["--void", "--question", "1", "--reason", "x", "--token", "secret"], "--token-file"),
            (correct + ["--void", "--question", "1", "--reason", "\u{1B}[2Jcleared"], "U+001B"),
            (correct + ["--void", "--question", "1", "--reason", "next\u{85}line"], "U+0085"),
            (correct + ["--void", "--question", "1", "--reason", "de\u{7F}l"], "U+007F"),
        ]
        for (arguments, words) in mistakes {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.output)")
            #expect(result.output.contains(words) && result.output.contains("Usage"), "\(arguments): \(result.output)")
        }
    }

    /// Without a readable config the command does not fall back to 127.0.0.1:8080: whatever listens
    /// there would be sent the key.
    @Test func replayCorrectGuessesNoServerWhenItsConfigCannotBeRead() throws {
        let folder = ScratchFolder.make("buzzer-replay-config", create: false)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/config.json", tokenFile = folder + "/token", emptyFile = folder + "/empty"
        try Data("some-key\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        try Data().write(to: URL(fileURLWithPath: emptyFile))
        for arguments in [["--token-file", tokenFile], ["--server", "http://127.0.0.1:9"]] {
            let result = try run(["replay", "correct", "ABCD", "--void", "--question", "1", "--reason", "x", "--config", missing] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.output)")
            #expect(result.output.contains("cannot read the config") && result.output.contains("--server"), "\(arguments): \(result.output)")
            #expect(!result.output.contains("8080"), "\(result.output)")
        }
        // An empty token file is said to be empty, not sent.
        let empty = try run(["replay", "correct", "ABCD", "--void", "--question", "1", "--reason", "x", "--server", "http://127.0.0.1:9", "--token-file", emptyFile])
        #expect(empty.status == 1 && empty.output.contains("is empty"), "\(empty.output)")
    }
}
