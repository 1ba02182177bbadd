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
        discussion: """
            Columns: \(AnswerExport.columns.joined(separator: ", ")). With --answers, one row per answer across \
            finished games instead: \(SeasonAnswerExport.columns.joined(separator: ", ")). See docs/replay.md.
            """)

    @Argument(help: ArgumentHelp("The game: CODE (newest with that code) or CODE@N. Not with --answers.", valueName: "game"))
    var game: String?

    @Flag(help: "Every answer across finished games (all, or those --league, --since and --until name), with each question's fingerprint.")
    var answers = false

    @OptionGroup var selection: GameSelectionOptions

    @Flag(help: "With --answers: players and teams as player-N and team-N, numbered in order of first appearance; a player is a name on one phone, as the league counts them. The league's public pages still name them through game and points: see docs/replay.md.")
    var pseudonymize = false

    @Flag(help: "With --answers: leave out game, started_at, round, question, response_ms and points, which the league's public game pages match to names, and sort the rows by question.")
    var withoutGameTimePoints = false

    @Option(help: "csv or json.")
    var format: Format = .csv

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Export a game whose log has missing, damaged or disagreeing lines anyway, every row with complete=false (exit status 1).")
    var allowIncomplete = false

    /// Usage mistakes exit 64 with the usage (docs/replay.md).
    func validate() throws {
        if answers {
            guard game == nil else { throw ValidationError("--answers exports every chosen game: give --league, --since or --until, not a game") }
            guard !allowIncomplete else { throw ValidationError("--allow-incomplete is for one game; --answers leaves incomplete games out and names them") }
        } else {
            guard game != nil else { throw ValidationError("name a game (CODE or CODE@N), or give --answers for every game") }
            guard selection.isEmpty, !pseudonymize, !withoutGameTimePoints else {
                throw ValidationError("--league, --since, --until, --pseudonymize and --without-game-time-points go with --answers")
            }
            try GameReference.validate(game)
        }
    }

    func run() throws {
        if answers { return try runAnswers() }
        guard let game else { throw ValidationError("name a game (CODE or CODE@N), or give --answers for every game") }
        let reference = try GameReference(parsing: game)
        let scan = try archive.open().scan(depth: .replay, code: reference.code, keepRooms: true)
        let found = try scan.game(reference)
        let rows = try AnswerExport.rows(of: found, allowIncomplete: allowIncomplete)
        try write(format == .csv ? AnswerExport.csv(rows) : AnswerExport.json(rows))
        // Only this game's own problems: a gap while it was not open cannot change its rows.
        ReplayOutput.report(found.issues)
        if !found.isComplete { throw ExitCode(1) }
    }

    /// `--answers`: the rows of every chosen finished game, read one game at a time.
    func runAnswers() throws {
        let chosen = try selection.selection()
        var export = SeasonAnswerExport(pseudonymize: pseudonymize, withoutGameTimePoints: withoutGameTimePoints)
        var leftOut: [String] = []
        var failure: ReplayError?
        _ = try archive.open().scan(depth: .replay) { found in
            guard failure == nil, chosen.names(found) else { return }
            if let reason = chosen.leftOut(found) { leftOut.append(reason); return }
            do throws(ReplayError) { try export.add(found) } catch { failure = error }
        }
        if let failure { throw failure }
        try write(format == .csv ? export.csv() : export.json())
        for reason in leftOut { ReplayOutput.warn("left out \(reason)") }
        if !leftOut.isEmpty { throw ExitCode(1) }
    }

    private func write(_ text: String) throws {
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
    }
}
