/// The floor goes to `player`, the first waiting press in the fair order.
package struct BuzzFloor: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID

    package init(at: GameInstant, sequence: Int, player: PlayerID) {
        self.at = at
        self.sequence = sequence
        self.player = player
    }
}

extension BuzzFloor: ExtensionEvent {
    package static let wireName = "buzz_floor"

    package func apply(to room: inout Room) {
        guard let last = room.buzzPosition(sequence)?.position else { return }
        room.asked[last].updateKindState(BuzzQueue.self) { $0.giveFloor(to: player) }
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// Every screen redraws the queue at once: the projector's floor, each phone's place, the console's marks.
    package var publisherReaction: PublisherReaction { PublisherReaction(.answerCount, .kindViewNow) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, player: PlayerID(1))] }
}
