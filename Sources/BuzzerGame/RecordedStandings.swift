/// The scores and ranks the live room had at a reveal or at its end, written into
/// `question_revealed` and `room_ended` so an archive can be checked against a fresh replay
/// (`buzzer replay verify`) and shown without replaying. `apply` ignores it: the room's state
/// is always recomputed from the inputs, never read back from this record.
///
/// Encoded compactly, best first: `{"players":[{"id":2,"score":1840,"rank":1},…],"teams":[…]}`.
package struct RecordedStandings: Codable, Sendable, Equatable {
    package var players: [RecordedScore]
    package var teams: [RecordedScore]

    package init(players: [RecordedScore], teams: [RecordedScore]) {
        self.players = players
        self.teams = teams
    }
}

/// One competitor's line in `RecordedStandings`: a player or team id with its score and rank.
package struct RecordedScore: Codable, Sendable, Equatable {
    package var id: Int
    package var score: Int
    package var rank: Int

    package init(id: Int, score: Int, rank: Int) {
        self.id = id
        self.score = score
        self.rank = rank
    }
}

extension Standings {
    /// The compact form stored in events.
    package var recorded: RecordedStandings {
        RecordedStandings(
            players: players.map { RecordedScore(id: $0.player.rawValue, score: $0.score, rank: $0.rank) },
            teams: teams.map { RecordedScore(id: $0.team.rawValue, score: $0.score, rank: $0.rank) })
    }
}

extension RoomEvent {
    /// The standings the live room recorded in this event, if it is one that records them.
    package var recordedStandings: RecordedStandings? {
        switch self {
        case .questionRevealed(let e): e.standings
        case .roomEnded(let e): e.standings
        case .gameCorrected(let e): e.standings
        default: nil
        }
    }
}

extension Room {
    /// Applies an event the room itself decided and, for the events that carry standings,
    /// stamps them with the standings it now has (after the reveal's scoring).
    mutating func applyRecording(_ event: RoomEvent) -> RoomEvent {
        apply(event)
        switch event {
        case .questionRevealed(var e):
            e.standings = standings.recorded
            return .questionRevealed(e)
        case .roomEnded(var e):
            e.standings = standings.recorded
            return .roomEnded(e)
        default:
            return event
        }
    }
}
