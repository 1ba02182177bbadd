import BuzzerGame

/// The host paused, resumed or lengthened the current question: its timing as it stands now.
package struct ClockPayload: Encodable, Sendable, Equatable {
    package var question: Int
    package var serverTime: GameInstant
    package var opensAt: GameInstant
    package var deadline: GameInstant
    package var timeLimitMs: GameDuration
    /// Present while the clock is stopped: what it stopped at.
    package var pausedLeftMs: GameDuration?
    /// Present while the question's kind holds the clock (a buzz's floor): the time left, standing still.
    package var heldLeftMs: GameDuration? = nil
}

extension ClockPayload: ServerMessageBody {
    package static let wireName = "clock"
}

extension ServerMessage {
    package static func clock(_ body: ClockPayload) -> ServerMessage { ServerMessage(body) }
}
