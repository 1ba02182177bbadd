/// The break the room is on, as every screen shows it (the `break` message and `state.break`).
/// Built from `break_started` alone, so the screens of a replayed room show the same slide.
package struct RoomBreak: Sendable, Equatable, Codable {
    /// The round it comes before: the host's `next` starts it.
    package var round: Int
    package var title: String
    package var text: String?
    /// The coming round's title, for "Up next".
    package var upNext: String?
    package var startedAt: GameInstant
    /// When the countdown reaches zero ("back any moment" after it); absent without a countdown.
    package var endsAt: GameInstant?

    package init(round: Int, title: String, text: String?, upNext: String?, startedAt: GameInstant, endsAt: GameInstant?) {
        self.round = round
        self.title = title
        self.text = text
        self.upNext = upNext
        self.startedAt = startedAt
        self.endsAt = endsAt
    }
}

/// How the host moves a break's countdown.
package enum BreakCountdownChange: Sendable, Equatable {
    /// More time (1 s to 60 min): from the countdown's end, or from now if it has none or ran out.
    case add(ms: GameDuration)
    /// The countdown ends now: the screens say "back any moment".
    case endNow
}
