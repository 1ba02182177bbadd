/// A press before the buzzers opened; `lockout` when the question locks false starters out.
package struct BuzzFalseStart: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    package var team: TeamID?
    package var lockedOut: Bool
    private enum CodingKeys: String, CodingKey { case at, sequence, player, team, lockedOut = "lockout" }

    package init(at: GameInstant, sequence: Int, player: PlayerID, team: TeamID? = nil, lockedOut: Bool) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.team = team
        self.lockedOut = lockedOut
    }
}

extension BuzzFalseStart: ExtensionEvent {
    package static let wireName = "buzz_false_start"

    package func apply(to room: inout Room) {
        guard let last = room.buzzPosition(sequence)?.position else { return }
        room.asked[last].updateKindState(BuzzQueue.self) { $0.falseStart(player, team: team, lockOut: lockedOut) }
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([.kindView, .answerCount]) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), lockedOut: true)] }
}
