/// The room went on a break before `round`. It carries what the screens show, so a log reads on
/// its own, and the countdown's end by the server's clock, so replay shows the same countdown.
package struct BreakStarted: Codable, Sendable, Equatable {
    package var at: GameInstant
    /// The round the break comes before.
    package var round: Int
    package var title: String
    package var text: String?
    /// The coming round's title ("Up next: Music round"); absent for an untitled round.
    package var upNext: String?
    /// When the countdown reaches zero; absent for a break without one.
    package var endsAt: GameInstant?
    private enum CodingKeys: String, CodingKey { case at, round, title, text, upNext = "up_next", endsAt = "ends_at" }

    package init(at: GameInstant, round: Int, title: String, text: String? = nil, upNext: String? = nil, endsAt: GameInstant? = nil) {
        self.at = at
        self.round = round
        self.title = title
        self.text = text
        self.upNext = upNext
        self.endsAt = endsAt
    }
}

extension BreakStarted: RoomEventPayload {
    package static let wireName = "break_started"
    package var event: RoomEvent { .breakStarted(self) }

    package func apply(to room: inout Room) {
        room.roomBreak = RoomBreak(round: round, title: title, text: text, upNext: upNext, startedAt: at, endsAt: endsAt)
        room.setPhase(.onBreak, at: at)
    }

    package func logProblem(in room: Room) -> String? {
        guard room.pack.rounds.indices.contains(round) else { return "the pack has no round \(round)" }
        guard title.count <= RoundBreak.maxTitleLength, (text?.count ?? 0) <= RoundBreak.maxTextLength,
              (upNext?.count ?? 0) <= QuestionPackLimits.largestAllowed.maxTitleLength else { return "its text is too long" }
        if let endsAt, let problem = Room.countdownProblem(endsAt, at: at) { return problem }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { PublisherReaction([], .breakShown) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, round: 1, title: "Half time", text: "Drinks", upNext: "Music", endsAt: at + 60_000)]
    }
}
