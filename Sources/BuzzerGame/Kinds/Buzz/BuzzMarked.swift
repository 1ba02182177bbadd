/// The floor holder's answer marked: by the host (`mark_buzz`), or against the accepted answers when
/// the floor holder typed it (`text`, absent otherwise).
package struct BuzzMarked: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    package var right: Bool
    package var text: String?

    package init(at: GameInstant, sequence: Int, player: PlayerID, right: Bool, text: String? = nil) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.right = right
        self.text = text
    }
}

extension BuzzMarked: ExtensionEvent {
    package static let wireName = "buzz_marked"

    package func apply(to room: inout Room) {
        guard case let (last, buzz)? = room.buzzPosition(sequence) else { return }
        room.asked[last].updateKindState(BuzzQueue.self) { $0.mark(player, right: right, at: at) }
        room.placeBuzzes(last, tieWindowMs: buzz.tieWindowMs)
    }

    package func logProblem(in room: Room) -> String? {
        if let text, text.utf8.count > InputBounds.Bytes.text { return "its typed answer is over \(InputBounds.Bytes.text) bytes" }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction(.answerCount, .kindViewNow) }
    package static func samples(at: GameInstant) -> [Self] { [Self(at: at, sequence: 0, player: PlayerID(1), right: false, text: "Lyon")] }
}
