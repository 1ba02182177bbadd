import ArgumentParser
import BuzzerFormats
import BuzzerReplay
import Foundation

/// `buzzer replay questions`: how every question fared over the finished games, by fingerprint.
struct ReplayQuestionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questions",
        abstract: "Every question asked in finished games: times asked, % right, response times and each answer's count.",
        discussion: "A question is known by its fingerprint, the same across packs and option orders. See docs/replay.md.")

    @OptionGroup var selection: GameSelectionOptions
    @OptionGroup var archive: ArchiveOptions

    @Flag(help: "Print CSV (RFC 4180) with every figure and answer count.")
    var csv = false

    @Flag(help: "Print JSON for scripts.")
    var json = false

    /// Usage mistakes exit 64 with the usage (docs/replay.md).
    func validate() throws {
        guard !(csv && json) else { throw ValidationError("--csv and --json: choose one") }
    }

    func run() throws {
        let chosen = try selection.selection()
        var builder = QuestionStatsBuilder()
        var leftOut: [String] = []
        _ = try archive.open().scan(depth: .replay) { game in
            guard chosen.names(game) else { return }
            if let reason = chosen.leftOut(game) { leftOut.append(reason); return }
            builder.add(game)
        }
        let stats = builder.finish()
        if json {
            ReplayOutput.write(try ReplayOutput.json(stats))
        } else if csv {
            ReplayOutput.writeExactly(Self.csv(stats))
        } else {
            ReplayOutput.write(Self.render(stats, games: builder.games))
        }
        for reason in leftOut { ReplayOutput.warn("left out \(reason)") }
        if !leftOut.isEmpty { throw ExitCode(1) }
    }

    static func percent(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "" }

    static func render(_ stats: [QuestionStats], games: Int) -> String {
        var table = TextTable([("FINGERPRINT", .left), ("ASKED", .right), ("ANSWERS", .right), ("RIGHT %", .right),
                               ("MEDIAN MS", .right), ("P90 MS", .right), ("LAST ASKED", .left), ("QUESTION", .left)])
        for row in stats {
            let text = row.text.count > 60 ? String(row.text.prefix(59)) + "…" : row.text
            table.add([row.fingerprint, String(row.timesAsked), String(row.answers), percent(row.percentRight),
                       row.responseMedianMs.map { String($0) } ?? "", row.responseP90Ms.map { String($0) } ?? "",
                       String(ReplayFormat.time(row.lastAskedAt).prefix(10)), text])
        }
        return table.render() + "\(stats.count) question\(stats.count == 1 ? "" : "s") from \(games) finished game\(games == 1 ? "" : "s")\n"
    }

    /// One line per question; `answer_counts` is "text: count (right|wrong)" joined by " | ".
    static func csv(_ stats: [QuestionStats]) -> String {
        let header = ["fingerprint", "kind", "question_text", "answer", "times_asked", "last_asked", "last_league", "answers",
                      "judged", "right", "partly_right", "percent_right", "response_median_ms", "response_p90_ms", "answer_counts"]
        var out = header.joined(separator: ",") + "\r\n"
        for row in stats {
            let counts = row.counts.map { count in
                "\(count.answer): \(count.count)" + (count.right.map { $0 ? " (right)" : " (wrong)" } ?? "")
            }.joined(separator: " | ")
            let text = { (value: String) in AnswerExport.csvCell(value) }
            out += [row.fingerprint, row.kind, text(row.text), text(row.answer), String(row.timesAsked), ReplayFormat.iso(row.lastAskedAt),
                    row.lastLeague.map(text) ?? "", String(row.answers), String(row.judged), String(row.right), String(row.partlyRight),
                    percent(row.percentRight), row.responseMedianMs.map { String($0) } ?? "", row.responseP90Ms.map { String($0) } ?? "",
                    text(counts)].joined(separator: ",") + "\r\n"
        }
        return out
    }
}
