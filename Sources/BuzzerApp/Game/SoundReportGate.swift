/// A projector's `sound` reports on their way from its connection to its room. The first change
/// goes on at once; then, for `rooms.lobbyUpdateMilliseconds`, reports are only held, and when that
/// interval ends the newest of them goes on if it differs from what the room has. A projector that
/// toggles its sound thousands of times a second costs its room one report per interval, and its
/// last state still arrives.
///
/// Pure; each projector's connection keeps one in its `ClientState`, and its loop runs the timer.
struct SoundReportGate: Equatable, Sendable {
    /// What to do with one report.
    enum Action: Equatable, Sendable {
        /// Tell the room, and start the interval.
        case forward(Bool)
        /// Keep it: the interval running will carry the newest report.
        case hold
        /// The room already has this state, and no interval is running.
        case ignore
    }

    /// The state the room was last told; nil before the first report.
    private(set) var forwarded: Bool?
    /// The newest report held back during the interval.
    private var held: Bool?
    /// An interval is running (its timer is armed).
    private(set) var waiting = false

    mutating func report(_ on: Bool) -> Action {
        if waiting {
            held = on
            return .hold
        }
        guard on != forwarded else { return .ignore }
        forwarded = on
        waiting = true
        return .forward(on)
    }

    /// The interval ended: the newest held report when it differs from what the room has (tell the
    /// room and start another interval), else nil (the gate is idle again).
    mutating func intervalEnded() -> Bool? {
        defer { held = nil }
        guard let held, held != forwarded else {
            waiting = false
            return nil
        }
        forwarded = held
        return held
    }
}
