/// A closest-number question the host puts to players or teams tied on the final leaderboard.
/// It changes no score: it orders the tied competitors (docs/game-rules.md, "Tiebreak").
package struct Tiebreak: Sendable, Equatable {
    /// 0-based, in the order played.
    package var number: Int
    package var text: String
    package var answer: Double
    /// Who plays it, all on the same score when it started.
    package var competitors: [Competitor]
    package var startedAt: GameInstant
    package var deadline: GameInstant
    package var closesAt: GameInstant
    /// Each competitor's answer (a team's is its first member's).
    package var answers: [Competitor: TiebreakAnswer] = [:]
    package var endedAt: GameInstant?
    /// 0 for the winner; equal places stay tied. Derived when the tiebreak ends.
    package var places: [Competitor: Int] = [:]

    package var isOver: Bool { endedAt != nil }

    /// Closest first; equally close, the faster answer; no answer last (all of those still tied).
    func decidePlaces() -> [Competitor: Int] {
        typealias Key = (distance: Double, responseMs: GameDuration)
        let keyed: [(Competitor, Key?)] = competitors.map { competitor in
            (competitor, answers[competitor].map { (abs($0.value - answer), $0.responseMs) })
        }
        func before(_ a: Key?, _ b: Key?) -> Bool {
            switch (a, b) {
            case let (a?, b?): a.distance != b.distance ? a.distance < b.distance : a.responseMs < b.responseMs
            case (.some, nil): true
            default: false
            }
        }
        var places: [Competitor: Int] = [:]
        for (competitor, key) in keyed {
            places[competitor] = keyed.filter { before($0.1, key) }.count
        }
        return places
    }
}

/// One answer to a tiebreak: the number, who gave it, and how long it took.
package struct TiebreakAnswer: Sendable, Equatable {
    package var player: PlayerID
    package var value: Double
    package var responseMs: GameDuration
}
