import BuzzerGame

/// One row per answer across many games (`buzzer replay export --answers`), for a study that
/// follows a question (by its fingerprint) or a player over a season. The rows are the per-game
/// export's answer rows (`AnswerExport`), with the game's date, league and the question's
/// fingerprint added; stakes, adjustments and totals are left out.
package struct SeasonAnswerExport: Sendable {
    package enum Column: String, CaseIterable, Sendable {
        case game, startedAt = "started_at", league, round, question, fingerprint, questionText = "question_text"
        case player, team, answer, correct, outcome, responseMs = "response_ms", points
    }

    package static let columns = Column.allCases.map(\.rawValue)

    /// Names replaced by `player-N` and `team-N`, numbered in order of first appearance in this
    /// export and matched ignoring case, accents and spacing (as the league matches them): stable
    /// over every game of one export, and not a hash, so no name can be found by guessing.
    package var pseudonymize: Bool
    private(set) var rows: [[AnswerExport.Cell]] = []
    /// Answer rows so far.
    package var count: Int { rows.count }
    private var pseudonyms: [String: String] = [:]
    private var counts = (players: 0, teams: 0)

    package init(pseudonymize: Bool) {
        self.pseudonymize = pseudonymize
    }

    /// Adds a complete, finished game's answers.
    package mutating func add(_ game: ReplayGame) throws(ReplayError) {
        guard let room = game.room else { return }
        var fingerprints: [Int: String] = [:]
        for entry in room.asked { fingerprints[entry.sequence + 1] = QuestionFingerprint(room.question(entry)).description }
        let started = ReplayFormat.iso(game.startedAt)
        for row in try AnswerExport.rows(of: game) where row.kind == .answer {
            rows.append([
                .text(row.game), .text(started), .text(room.league?.id), .value(row.round.map(String.init)),
                .value(row.question.map(String.init)), .text(row.question.flatMap { fingerprints[$0] }), .text(row.questionText),
                .text(name(row.player, team: false)), .text(name(row.team, team: true)), .text(row.answer),
                .value(row.correct.map { $0 ? "true" : "false" }), .text(row.outcome), .value(row.responseMs.map { String($0) }),
                .value(row.points.map(String.init)),
            ])
        }
    }

    private mutating func name(_ name: String?, team: Bool) -> String? {
        guard pseudonymize, let name else { return name }
        let key = (team ? "t:" : "p:") + TextNormalizer.fold(name)
        if let known = pseudonyms[key] { return known }
        let made: String
        if team {
            counts.teams += 1
            made = "team-\(counts.teams)"
        } else {
            counts.players += 1
            made = "player-\(counts.players)"
        }
        pseudonyms[key] = made
        return made
    }

    /// RFC 4180, as the per-game export (text defused against spreadsheet formulas).
    package func csv() -> String {
        var out = Self.columns.joined(separator: ",") + "\r\n"
        for row in rows {
            out += row.map { cell in
                switch cell {
                case .text(let text?): AnswerExport.csvField(AnswerExport.csvText(text))
                case .text(nil), .value(nil): ""
                case .value(let value?): value
                }
            }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A JSON array, one object per line, keys in column order.
    package func json() -> String {
        if rows.isEmpty { return "[]\n" }
        var out = "[\n"
        for (position, row) in rows.enumerated() {
            out += "{" + zip(Self.columns, row).map { key, cell in
                let value: String = switch cell {
                case .text(let text?): AnswerExport.string(text)
                case .text(nil), .value(nil): "null"
                case .value(let value?): value
                }
                return "\"\(key)\":\(value)"
            }.joined(separator: ",")
            out += position == rows.count - 1 ? "}\n" : "},\n"
        }
        return out + "]\n"
    }
}
