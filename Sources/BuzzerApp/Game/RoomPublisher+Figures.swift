import BuzzerGame

extension RoomPublisher {
    /// The figures on screen again, after a correction the host makes beside the game's flow: a score
    /// adjusted, a player removed or renamed, a team renamed, merged or moved. One path for every
    /// screen, so the projector, the console and each phone never disagree about a number or a name:
    /// on a reveal, the reveal again (its counts leave a removed player out) with each phone's result
    /// (its score and rank); on a leaderboard, the leaderboard again with each phone's standing; in
    /// any other phase with scores, each phone's standing. `scores`: points or the ranking may have
    /// moved (a rename moves only names, which only a leaderboard shows).
    static func figures(_ room: Room, _ attendance: Attendance<some Collection<PlayerID>>, scores: Bool) -> [Delivery] {
        // A removed phone is told `kicked` in the same batch and closed: nothing of the room is its own any more.
        let seated = Attendance(players: attendance.players.filter { room.players[$0]?.status != .kicked },
                                host: attendance.host, displays: attendance.displays)
        return figures(room, seated, scores: scores)
    }

    private static func figures(_ room: Room, _ attendance: Attendance<[PlayerID]>, scores: Bool) -> [Delivery] {
        switch room.phase {
        case .revealed:
            guard scores, let current = room.currentQuestion else { return [] }
            return Self.reveal(room, sequence: current.sequence, attendance)
        case .leaderboard:
            let ranked = room.standings
            return [Delivery(audience: .everyone, message: .leaderboard(Self.leaderboard(ranked, final: room.isOnLastQuestion)))]
                + Self.standings(ranked, attendance)
        case .reading, .open, .closed, .onBreak, .tiebreak:
            return scores ? Self.standings(room.standings, attendance) : []
        case .lobby, .ended:
            return []
        }
    }
}
