/// A press that counts: `at` is its arrival, `pressed_at` the arrival less the phone's one-way delay.
package struct BuzzPressed: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var sequence: Int
    package var player: PlayerID
    /// Team mode: the presser's team, whose one buzz this is.
    package var team: TeamID?
    /// The connection's round-trip time as measured when the press arrived (0 when unknown).
    package var rttMs: GameDuration
    package var pressedAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, sequence, player, team, rttMs = "rtt_ms", pressedAt = "pressed_at" }

    package init(at: GameInstant, sequence: Int, player: PlayerID, team: TeamID? = nil, rttMs: GameDuration, pressedAt: GameInstant) {
        self.at = at
        self.sequence = sequence
        self.player = player
        self.team = team
        self.rttMs = rttMs
        self.pressedAt = pressedAt
    }
}

extension BuzzPressed: ExtensionEvent {
    package static let wireName = "buzz_pressed"

    package func apply(to room: inout Room) {
        guard case let (last, buzz)? = room.buzzPosition(sequence), room.players[player] != nil else { return }
        room.asked[last].updateKindState(BuzzQueue.self) { $0.press(BuzzQueue.Press(player: player, team: team, arrivedAt: at, pressedAt: pressedAt, right: nil)) }
        let opensAt = room.asked[last].opensAt
        room.asked[last].answers[player] = RecordedAnswer(
            value: .press(ButtonPress(place: 0, tie: false, right: nil)), responseMs: max(0, pressedAt.minus(opensAt)),
            receivedAt: at, team: team)
        if let team, room.asked[last].teamAnswers[team] == nil { room.asked[last].teamAnswers[team] = player }
        room.placeBuzzes(last, tieWindowMs: buzz.tieWindowMs)
    }

    package func logProblem(in room: Room) -> String? {
        guard InputBounds.duration.contains(rttMs) else { return "its round-trip time \(rttMs) ms is out of range" }
        guard InputBounds.instant.contains(pressedAt), pressedAt <= at else { return "its press time \(pressedAt) is implausible" }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// A hundred tables press within a second: the queue goes out coalesced, like the answer count.
    package var publisherReaction: PublisherReaction { PublisherReaction([.kindView, .answerCount]) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), rttMs: 120, pressedAt: at - 60)]
    }
}
