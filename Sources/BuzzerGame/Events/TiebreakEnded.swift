/// The tiebreak is over: the places follow from its answers, and the final leaderboard is back.
package struct TiebreakEnded: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var number: Int
    package var reason: TiebreakEndReason

    package init(at: GameInstant, number: Int, reason: TiebreakEndReason) {
        self.at = at
        self.number = number
        self.reason = reason
    }
}

extension TiebreakEnded: RoomEventPayload {
    package static let wireName = "tiebreak_ended"
    package var event: RoomEvent { .tiebreakEnded(self) }

    package func apply(to room: inout Room) {
        guard let last = room.tiebreaks.indices.last, room.tiebreaks[last].number == number, !room.tiebreaks[last].isOver else { return }
        room.tiebreaks[last].endedAt = at
        room.tiebreaks[last].places = room.tiebreaks[last].decidePlaces()
        room.setPhase(.leaderboard, at: at)
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .tiebreakEnded(number: number)) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, number: 1, reason: .allAnswered)] }
}
