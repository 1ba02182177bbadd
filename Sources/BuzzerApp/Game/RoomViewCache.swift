import BuzzerGame

/// The parts of members' `state`s that do not depend on who asks (the sorted standings, each
/// player's and team's row in them, the current reveal's counts, the ranked scores), kept until an
/// event changes them. When a 2,000-player room's phones all come back at once (an instance
/// restarted, the bar's Wi-Fi returned), every `resume` changes the room only by a player's
/// presence, so the 2,000 `state`s then share one sort instead of making 2,000.
///
/// It holds no `Room`, only what it worked out from one, so keeping it costs the room nothing when
/// it changes. `LiveRoom` keeps one per room; `RoomPublisher` makes one per batch of states. Used
/// on the room's loop only.
package final class RoomViewCache {
    private var standings: Standings?
    private var playerRows: [PlayerID: Int]?
    private var teamRanks: [TeamID: Int]?
    private var reveal: RevealView??
    private var rankedScores: [Int]?
    private var provisionalRanksAsked = 0

    package init() {}

    /// Forgets what `events` may have changed: everything, unless they are all presence (a member
    /// coming or going, a screen attached, the room locked), which moves no score, rank or count.
    package func roomChanged(by events: [RoomEvent]) {
        guard !events.allSatisfy(Self.isPresence) else { return }
        standings = nil
        playerRows = nil
        teamRanks = nil
        reveal = nil
        rankedScores = nil
        provisionalRanksAsked = 0
    }

    package static func isPresence(_ event: RoomEvent) -> Bool {
        switch event {
        case .playerDisconnected, .playerReconnected, .hostDisconnected, .hostReconnected, .displayConnected, .displayDisconnected,
             .roomLockChanged, .joinAddressSet:
            true
        default:
            false
        }
    }

    /// Everyone's place (`Room.standings`).
    package func standings(of room: Room) -> Standings {
        if let standings { return standings }
        let fresh = room.standings
        standings = fresh
        return fresh
    }

    /// `id`'s row in the standings.
    package func standing(of id: PlayerID, in room: Room) -> PlayerStanding? {
        let all = standings(of: room)
        if playerRows == nil {
            playerRows = Dictionary(all.players.enumerated().map { ($1.player, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return playerRows?[id].map { all.players[$0] }
    }

    /// `team`'s rank in the standings.
    package func rank(of team: TeamID, in room: Room) -> Int? {
        if teamRanks == nil {
            teamRanks = Dictionary(standings(of: room).teams.map { ($0.team, $0.rank) }, uniquingKeysWith: { first, _ in first })
        }
        return teamRanks?[team]
    }

    /// The current question's reveal (its counts and right answer) once it is revealed, else nil.
    package func currentReveal(of room: Room) -> RevealView? {
        if let reveal { return reveal }
        let fresh = room.currentQuestion.flatMap { $0.isRevealed ? room.revealView(sequence: $0.sequence) : nil }
        reveal = .some(fresh)
        return fresh
    }

    /// `Room.provisionalRank(of:)`. The first ask since a change counts, as the room does; from the
    /// second, the ranked scores are sorted once and each ask is a binary search. A lobby filling up
    /// (every join a change) so costs what it did, and a room coming back costs one sort.
    package func provisionalRank(of id: PlayerID, in room: Room) -> (rank: Int, ranked: Int)? {
        provisionalRanksAsked += 1
        guard provisionalRanksAsked > 1 else { return room.provisionalRank(of: id) }
        guard let me = room.players[id], me.isRanked else { return nil }
        let scores = rankedScores ?? room.players.values.filter(\.isRanked).map(\.score).sorted(by: >)
        rankedScores = scores
        var low = 0, high = scores.count
        while low < high {
            let middle = (low + high) / 2
            if scores[middle] > me.score { low = middle + 1 } else { high = middle }
        }
        return (low + 1, scores.count)
    }
}
