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

    /// What `withoutGameTimePoints` leaves out: the columns that tie a row to one game, its time and
    /// its score, which the league's public game pages show with every player's name.
    package static let gameTimePointsColumns: Set<Column> = [.game, .startedAt, .round, .question, .responseMs, .points]

    /// Names replaced by `player-N` and `team-N`, numbered in order of first appearance in this
    /// export: stable over every game of one export, and not a hash, so no name can be found by
    /// guessing. A player is who the league says (`LeagueStandings`, "Who is who"): their name on one
    /// device, so two "Ann"s on two phones are two pseudonyms, and a player whose phone sent no
    /// device id is a new one in each game; a team is its name. Names compare as a room compares them.
    package var pseudonymize: Bool
    /// Leaves out `gameTimePointsColumns` and sorts the rows by question, then player, so that their
    /// order does not give the games away either.
    package var withoutGameTimePoints: Bool
    private(set) var rows: [[AnswerExport.Cell]] = []
    /// Answer rows so far.
    package var count: Int { rows.count }
    private var pseudonyms: [String: String] = [:]
    private var counts = (players: 0, teams: 0)

    package init(pseudonymize: Bool, withoutGameTimePoints: Bool = false) {
        self.pseudonymize = pseudonymize
        self.withoutGameTimePoints = withoutGameTimePoints
    }

    /// The columns this export writes, in order.
    package var columns: [String] {
        Column.allCases.filter { !withoutGameTimePoints || !Self.gameTimePointsColumns.contains($0) }.map(\.rawValue)
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
                .text(player(row, in: room, game: game.id)), .text(team(row.team)), .text(row.answer),
                .value(row.correct.map { $0 ? "true" : "false" }), .text(row.outcome), .value(row.responseMs.map { String($0) }),
                .value(row.points.map(String.init)),
            ])
        }
    }

    /// The league's identity of a row's player: their name on their device, else this game's seat.
    private mutating func player(_ row: AnswerRow, in room: Room, game: String) -> String? {
        guard pseudonymize, let name = row.player else { return row.player }
        let device = row.playerID.flatMap { room.players[$0]?.deviceID }.flatMap { $0.isEmpty ? nil : $0 }
        let key = device.map { "p\u{0}d\u{0}\($0)\u{0}\(NameSkeleton(name).caseless)" }
            ?? "p\u{0}g\u{0}\(game)\u{0}\(row.playerID?.rawValue ?? 0)\u{0}\(name)"
        return pseudonym(key, team: false)
    }

    private mutating func team(_ name: String?) -> String? {
        guard pseudonymize, let name else { return name }
        return pseudonym("t\u{0}" + NameSkeleton(name).caseless, team: true)
    }

    private mutating func pseudonym(_ key: String, team: Bool) -> String {
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

    /// The rows as written: every column, or without `gameTimePointsColumns` and sorted by
    /// fingerprint, then player (ties keep their order).
    private var output: [[AnswerExport.Cell]] {
        guard withoutGameTimePoints else { return rows }
        let kept = Column.allCases.enumerated().filter { !Self.gameTimePointsColumns.contains($0.element) }.map(\.offset)
        let fingerprint = Column.allCases.firstIndex(of: .fingerprint)!, player = Column.allCases.firstIndex(of: .player)!
        func text(_ cell: AnswerExport.Cell) -> String {
            switch cell {
            case .text(let text), .value(let text): text ?? ""
            }
        }
        return rows.enumerated().sorted { a, b in
            let (x, y) = ((text(a.element[fingerprint]), text(a.element[player])), (text(b.element[fingerprint]), text(b.element[player])))
            return x != y ? x < y : a.offset < b.offset
        }.map { row in kept.map { row.element[$0] } }
    }

    /// RFC 4180, as the per-game export (text defused against spreadsheet formulas).
    package func csv() -> String {
        var out = columns.joined(separator: ",") + "\r\n"
        for row in output {
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
        let rows = output, columns = self.columns
        if rows.isEmpty { return "[]\n" }
        var out = "[\n"
        for (position, row) in rows.enumerated() {
            out += "{" + zip(columns, row).map { key, cell in
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
