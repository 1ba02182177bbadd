import ArgumentParser
import BuzzerGame
import BuzzerReplay

/// `--league`, `--since` and `--until`: which finished games a reader across games takes.
struct GameSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this league's games (its id, docs/league.md).", valueName: "id"))
    var league: String?

    @Option(help: ArgumentHelp("Only games started on or after this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only games started on or before this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var until: String?

    var isEmpty: Bool { league == nil && since == nil && until == nil }

    /// A bad id or date, or --since after --until, is a usage mistake: exit 64 with the usage.
    func validate() throws {
        do { _ = try selection() } catch { throw ValidationError("\(error)") }
    }

    func selection() throws -> GameSelection {
        if let league, let problem = RoomLeague.idProblem(league) { throw CommandFailure("--league: \(problem)") }
        let from = try since.map { text throws(ReplayError) in try ReplayFormat.day(text) }
        let to = try until.map { text throws(ReplayError) in try ReplayFormat.day(text) + 86_400_000 - 1 }
        if let from, let to, from > to { throw CommandFailure("--since \(since!) is after --until \(until!)") }
        return GameSelection(league: league, since: from, until: to)
    }
}

extension GameReference {
    /// A game named on the command line, checked in `validate()`: a name that is none is a usage mistake (exit 64).
    static func validate(_ text: String?) throws {
        guard let text else { return }
        do { _ = try GameReference(parsing: text) } catch { throw ValidationError("\(error)") }
    }
}
