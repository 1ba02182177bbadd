/// The game is over: finished, ended by the host, or the host never came back.
package struct RoomEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var reason: EndReason
    /// Final standings as the live room computed them; absent in older logs. Ignored by `apply`.
    package var standings: RecordedStandings?

    package init(at: GameInstant, reason: EndReason, standings: RecordedStandings? = nil) {
        self.at = at
        self.reason = reason
        self.standings = standings
    }
}

extension RoomEnded: RoomEventPayload {
    package static let wireName = "room_ended"
    package var event: RoomEvent { .roomEnded(self) }

    package func apply(to room: inout Room) {
        room.endReason = reason
        room.setPhase(.ended, at: at)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .ended(durable: true)) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, reason: .finished, standings: RecordedStandings(players: [RecordedScore(id: 1, score: 3, rank: 1)], teams: [RecordedScore(id: 1, score: 3, rank: 1)]))]
    }
}
