/// What everyone sees of a tiebreak: the question, the clock and who plays. The host's copy adds
/// the answer; nobody else gets it before the result.
package struct TiebreakView: Sendable, Equatable, Codable {
    package struct Entrant: Sendable, Equatable, Codable {
        /// A player id, or a team id when `team` is true.
        package var id: Int
        package var name: String
        package var team: Bool
    }

    package var number: Int
    package var text: String
    package var startedAt: GameInstant
    package var deadline: GameInstant
    package var timeLimitMs: GameDuration
    package var entrants: [Entrant]
    package var answered: Int
}

extension Room {
    func entrantName(_ competitor: Competitor) -> String {
        switch competitor {
        case .player(let id): players[id]?.nickname ?? "player \(id.rawValue)"
        case .team(let id): teams[id]?.name ?? "team \(id.rawValue)"
        }
    }

    package func tiebreakView(_ tiebreak: Tiebreak) -> TiebreakView {
        TiebreakView(
            number: tiebreak.number, text: tiebreak.text, startedAt: tiebreak.startedAt, deadline: tiebreak.deadline,
            timeLimitMs: tiebreak.deadline - tiebreak.startedAt,
            entrants: tiebreak.competitors.map { competitor in
                switch competitor {
                case .player(let id): TiebreakView.Entrant(id: id.rawValue, name: entrantName(competitor), team: false)
                case .team(let id): TiebreakView.Entrant(id: id.rawValue, name: entrantName(competitor), team: true)
                }
            },
            answered: tiebreak.answers.count)
    }

    /// The tiebreak `number`'s outcome once it is over, best place first.
    package func tiebreakResult(_ number: Int) -> TiebreakResult? {
        guard tiebreaks.indices.contains(number), tiebreaks[number].isOver else { return nil }
        let tiebreak = tiebreaks[number]
        var rows: [TiebreakResult.Row] = []
        for competitor in tiebreak.competitors {
            let answer: TiebreakAnswer? = tiebreak.answers[competitor]
            let off: Double? = answer.map { (given: TiebreakAnswer) -> Double in abs(given.value - tiebreak.answer) }
            let place: Int = (tiebreak.places[competitor] ?? 0) + 1
            rows.append(TiebreakResult.Row(name: entrantName(competitor), value: answer?.value, off: off, place: place))
        }
        rows.sort { (a: TiebreakResult.Row, b: TiebreakResult.Row) -> Bool in a.place != b.place ? a.place < b.place : a.name < b.name }
        return TiebreakResult(number: number, text: tiebreak.text, answer: tiebreak.answer, rows: rows)
    }

    /// Whether `id` plays the running tiebreak (for themselves or for their team), and has answered.
    package func tiebreakRole(of id: PlayerID) -> (plays: Bool, answered: Bool)? {
        guard phase == .tiebreak, let tiebreak = tiebreaks.last, !tiebreak.isOver, let player = players[id] else { return nil }
        let competitor: Competitor? = tiebreak.competitors.contains(.player(id)) ? .player(id)
            : player.team.flatMap { tiebreak.competitors.contains(.team($0)) ? .team($0) : nil }
        guard let competitor else { return (false, false) }
        return (true, tiebreak.answers[competitor] != nil)
    }
}
