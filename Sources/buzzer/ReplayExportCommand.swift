import ArgumentParser
import BuzzerFormats
import BuzzerReplay
import Foundation

/// `buzzer replay export CODE --format csv|json`: every answer, stake and adjustment, then the final standings, for spreadsheets and research.
struct ReplayExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a game's results: every answer, stake and adjustment, then the final standings (CSV per RFC 4180, or JSON).",
        discussion: "Columns: \(AnswerExport.columns.joined(separator: ", ")). See docs/replay.md.")

    @Argument(help: ArgumentHelp("The game: CODE (newest with that code) or CODE@N.", valueName: "game"))
    var game: String

    @Option(help: "csv or json.")
    var format: Format = .csv

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Export a game whose log has missing, damaged or disagreeing lines anyway, every row with complete=false (exit status 1).")
    var allowIncomplete = false

    func run() throws {
        let reference = try GameReference(parsing: game)
        let scan = try archive.open().scan(depth: .replay, code: reference.code, keepRooms: true)
        let found = try scan.game(reference)
        let rows = try AnswerExport.rows(of: found, allowIncomplete: allowIncomplete)
        let text = format == .csv ? AnswerExport.csv(rows) : AnswerExport.json(rows)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw ValidationError("cannot write \(output)")
            }
        } else if isatty(STDOUT_FILENO) == 1 {
            // On a terminal the answers' text is shown, not obeyed; piped or redirected, the bytes stay exact.
            ReplayOutput.writeExactly(format == .csv ? TerminalText.escaped(text, keepingLineBreaks: true) : TerminalText.escapedJSON(text))
        } else {
            ReplayOutput.writeExactly(text)
        }
        // Only this game's own problems: a gap while it was not open cannot change its rows.
        ReplayOutput.report(found.issues)
        if !found.isComplete { throw ExitCode(1) }
    }
}
