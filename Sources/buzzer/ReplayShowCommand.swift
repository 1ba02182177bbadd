import ArgumentParser
import BuzzerFormats
import BuzzerReplay

/// `buzzer replay show CODE`: one game as a readable timeline.
struct ReplayShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a game question by question: answer, distribution, fastest right answer, standings; then the podium.")

    @Argument(help: ArgumentHelp("The game: CODE (newest with that code) or CODE@N.", valueName: "game"))
    var game: String

    @OptionGroup var archive: ArchiveOptions

    @Option(help: "How many places of the standings to print after each question.")
    var top = 5

    @Flag(help: "Print JSON for scripts.")
    var json = false

    @Flag(help: "Print a game whose log has missing, damaged or disagreeing lines anyway, marked INCOMPLETE (exit status 1).")
    var allowIncomplete = false

    /// A game name that is none is a usage mistake (exit 64, docs/replay.md).
    func validate() throws {
        try GameReference.validate(game)
    }

    func run() throws {
        let reference = try GameReference(parsing: game)
        let scan = try archive.open().scan(depth: .timeline, code: reference.code, keepRooms: true)
        let found = try scan.game(reference)
        let timeline = try GameTimeline(found, allowIncomplete: allowIncomplete)
        ReplayOutput.write(json ? try ReplayOutput.json(timeline) : Self.render(timeline, top: max(top, 1)))
        // Only this game's own problems: a gap while it was not open cannot change its numbers.
        ReplayOutput.report(found.issues)
        if !timeline.complete { throw ExitCode(1) }
    }

    static func render(_ t: GameTimeline, top: Int) -> String {
        var out = ""
        if !t.complete {
            out += ReplayOutput.incompleteBanner(
                "lines of this game's log are missing, damaged or disagree with what was recorded live",
                problems: ReplayOutput.distinct(t.problems).map(\.description), more: "buzzer replay verify \(t.game)")
        }
        out += "\(t.game)  \"\(TerminalText.escaped(t.title))\"  \(t.status.rawValue)\(t.complete ? "" : "  INCOMPLETE")\n"
        out += "started \(t.startedAt)"
        if let ended = t.endedAt { out += ", ended \(ended) (\(t.endReason ?? "?"))" }
        out += "; \(t.players) player\(t.players == 1 ? "" : "s"), \(t.teams) team\(t.teams == 1 ? "" : "s")\n"
        for q in t.questions {
            out += "\nQ\(q.number)  round \(q.round)\(q.roundTitle.map { " \"\(TerminalText.escaped($0))\"" } ?? "")  \(q.kind)  \(TerminalText.escaped(q.category))\n"
            out += "    \(TerminalText.escaped(q.text))\n"
            switch q.correctAnswer {
            case nil: out += q.skipped == true ? "    (skipped by the host)\n" : "    (not revealed)\n"
            case ""?: out += "    (poll: no right answer)\n"
            case let answer?: out += "    answer: \(TerminalText.escaped(answer))\n"
            }
            out += "    \(q.answered) answer\(q.answered == 1 ? "" : "s"), \(q.right) right\n"
            var table = TextTable([("", .left), ("", .right), ("", .left)])
            // Typed and number answers can be many: the most common ten say enough.
            for count in q.distribution.prefix(10) {
                table.add(["      " + count.answer, String(count.count), count.correct == true ? "right" : ""])
            }
            out += table.render().split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            if q.distribution.count > 10 {
                out += "      … and \(q.distribution.count - 10) other answers\n"
            }
            if let fastest = q.fastestCorrect {
                out += "    fastest right: \(fastest.player)\(fastest.team.map { " (\($0))" } ?? "") in \(fastest.responseMs) ms\n"
            }
            if let standings = q.standings {
                let players = standings.players.prefix(top).map { "\($0.rank). \($0.name) \($0.score)" }.joined(separator: "  ")
                out += "    players: \(players.isEmpty ? "-" : players)\n"
                if !standings.teams.isEmpty {
                    out += "    teams:   " + standings.teams.prefix(top).map { "\($0.rank). \($0.name) \($0.score)" }.joined(separator: "  ") + "\n"
                }
            }
        }
        out += t.status == .finished ? "\nPodium" : "\nPodium so far (the game is \(t.status.rawValue))"
        out += t.complete ? "\n" : "  INCOMPLETE: may be wrong\n"
        var players = TextTable([("RANK", .right), ("PLAYER", .left), ("TEAM", .left), ("SCORE", .right)])
        for row in t.podium.players { players.add([String(row.rank), row.name, row.team ?? "-", String(row.score)]) }
        out += players.render()
        if !t.podium.teams.isEmpty {
            var teams = TextTable([("RANK", .right), ("TEAM", .left), ("SCORE", .right)])
            for row in t.podium.teams { teams.add([String(row.rank), row.name, String(row.score)]) }
            out += "\n" + teams.render()
        }
        return out
    }
}
