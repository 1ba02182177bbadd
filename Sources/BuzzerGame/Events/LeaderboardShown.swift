/// The leaderboard is on screen (`final` after the last question).
package struct LeaderboardShown: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// True after the last question: the next step ends the game.
    package var final: Bool

    package init(at: GameInstant, final: Bool) {
        self.at = at
        self.final = final
    }
}

extension LeaderboardShown: RoomEventPayload {
    package static let wireName = "leaderboard_shown"
    package var event: RoomEvent { .leaderboardShown(self) }
    package func apply(to room: inout Room) { room.setPhase(.leaderboard, at: at) }
    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .leaderboard(final: final)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, final: false)] }
}
