// A buzz question's presses, floors and marks (docs/archive-format.md; the rule: docs/kinds-buzz.md).

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
