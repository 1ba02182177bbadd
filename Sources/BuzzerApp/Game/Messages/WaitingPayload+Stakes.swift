import BuzzerGame

extension WaitingPayload {
    /// Each competitor's stake on a wager question, for the host: a team's (with who placed it) in
    /// team mode, else a player's. Whoever has not staked yet has a row without `amount`.
    package struct Stakes: Encodable, Sendable, Equatable {
        /// One competitor: `team` or `player`; `amount` and `by` (a team's placer) once the stake is placed.
        package struct Row: Encodable, Sendable, Equatable {
            var team: TeamID?
            var player: PlayerID?
            var name: String
            var amount: Int?
            var by: String?
        }
        /// How many competitors have placed a stake, of how many seated ones.
        package var placed: Int
        package var total: Int
        /// The first `RoomPublisher.waitingListLimit` competitors, teams first, then players, each by id.
        package var rows: [Row]
    }
}
