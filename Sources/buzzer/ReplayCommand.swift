import ArgumentParser
import BuzzerFormats
import BuzzerReplay
import Foundation

/// `buzzer replay …`: reads the game archive back for hosts, league organisers and researchers.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Read games back from the archive: list, show, verify, export, season leaderboard, question statistics.",
        discussion: """
            A game is named by its room code (the newest game with that code) or CODE@N, the \
            Nth game that used the code (see `list`). See docs/replay.md.
            """,
        subcommands: [
            ReplayListCommand.self, ReplayShowCommand.self, ReplayVerifyCommand.self, ReplayExportCommand.self,
            ReplayLeaderboardCommand.self, ReplayQuestionsCommand.self, ReplayCorrectCommand.self, ReplayGenerateCommand.self,
        ]
    )
}

/// Where the archive is: shared by every replay subcommand.
struct ArchiveOptions: ParsableArguments {
    @Option(name: .customLong("archive"), help: ArgumentHelp(
        "A log file or a directory of them; repeat for several. Default: archive.directory of the config (./config.json, else /etc/buzzer/config.json), else ./archive.",
        valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("The config file to take archive.directory from.", valueName: "file"))
    var config: String?

    func open() throws(ReplayError) -> ReplayArchive {
        if !paths.isEmpty { return try ReplayArchive(paths: paths) }
        let file = ConfigPath.optional(config)
        let directory = try ReplayArchive.configuredDirectory(configPath: file.path, required: file.required)
        return try ReplayArchive(paths: [directory])
    }
}

/// Small output helpers for the replay subcommands. The archive holds outside text (titles,
/// nicknames, and in logs from before packs refused them, control characters), so everything
/// printed is escaped for the terminal (`TerminalText`): shown, never obeyed.
enum ReplayOutput {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return TerminalText.escapedJSON(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// Text for people: every control character but the line breaks is escaped.
    static func write(_ text: String) {
        writeExactly(TerminalText.escaped(text, keepingLineBreaks: true))
    }

    /// Bytes as they are, for a file or a pipe (an export meant for a spreadsheet).
    static func writeExactly(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("buzzer replay: \(TerminalText.escaped(text, keepingLineBreaks: true))\n".utf8))
    }

    /// Prints the damaged lines a read found to stderr; true when any of them is an error.
    @discardableResult
    static func reportProblems(_ scan: ReplayScan, games: [ReplayGame]) -> Bool {
        report(scan.archiveIssues + games.flatMap(\.issues))
    }

    /// Prints `issues` to stderr, each once, at most ten; true when any of them is an error.
    @discardableResult
    static func report(_ issues: [ReplayIssue]) -> Bool {
        let unique = distinct(issues)
        for issue in unique.prefix(10) { warn("\(issue.severity.rawValue): \(issue)") }
        if unique.count > 10 { warn("… and \(unique.count - 10) more; run `buzzer replay verify --all` for every one") }
        return unique.contains { $0.severity == .error }
    }

    /// A sequence gap is listed under every game open at the time: count it once.
    static func distinct(_ issues: [ReplayIssue]) -> [ReplayIssue] {
        var seen: Set<String> = []
        return issues.filter { seen.insert($0.description).inserted }
    }

    /// The lines that open the text output of an incomplete game or table, so that whoever reads
    /// or pastes it cannot miss that its numbers may be wrong.
    static func incompleteBanner(_ what: String, problems: [String], more: String) -> String {
        var out = "INCOMPLETE: \(what); the numbers below may be wrong.\n"
        for problem in problems.prefix(3) { out += "    \(problem)\n" }
        if problems.count > 3 { out += "    … and \(problems.count - 3) more (\(more))\n" }
        return out
    }
}
