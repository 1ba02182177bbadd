// A break between rounds: it starts (with what it shows and when its countdown ends), and the
// host may move its countdown. The round's first `question_shown` ends it.

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

/// The host moved the break's countdown: more minutes, or zero now ("back any moment").
package struct BreakCountdownChanged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var endsAt: GameInstant
    private enum CodingKeys: String, CodingKey { case at, endsAt = "ends_at" }

    package init(at: GameInstant, endsAt: GameInstant) {
        self.at = at
        self.endsAt = endsAt
    }
}
