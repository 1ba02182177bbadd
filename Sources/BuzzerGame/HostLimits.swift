/// The "game.hostLimits" section of config.json: how many events of each host-driven kind one room
/// may log. Every other host command is bounded by the game itself (a question is revealed once per
/// `next` unless a counted `undo_reveal` takes it back, a player is kicked once). Past a cap the
/// command is refused with `limit_reached` and nothing is logged. Only the step that starts a cycle
/// counts: a `resume_clock` ends one counted pause, a `reject` takes back one counted `accept`, an
/// unlock follows one counted lock, so a room at its caps can always be brought back to play.
package struct HostLimits: Codable, Sendable, Equatable {
    /// `adjust`: `score_adjusted` events.
    package var scoreAdjustments = 1000
    /// `accept`: `answer_accepted` events (each `reject` takes one back, so those are bounded too).
    package var acceptedAnswers = 500
    /// `rename`, `rename_team` and `move_player` together: `player_renamed`, `team_renamed`, `player_moved`.
    package var renames = 1000
    /// The run of the show together: pauses, added time, re-opens, undone reveals, break countdown
    /// changes, tiebreaks, join address changes and locks (`HostEventKind.runOfShowChanges`).
    package var runOfShowChanges = 2000

    /// The documented range of every cap (docs/configuration.md, "Host limits").
    package static let range: ClosedRange<Int> = 1...10_000

    package init() {}

    /// The cap on `kind`.
    package func cap(_ kind: HostEventKind) -> Int {
        switch kind {
        case .scoreAdjustments: scoreAdjustments
        case .acceptedAnswers: acceptedAnswers
        case .renames: renames
        case .runOfShowChanges: runOfShowChanges
        }
    }

    private enum CodingKeys: String, CodingKey { case scoreAdjustments, acceptedAnswers, renames, runOfShowChanges }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var l = HostLimits()
        func read(_ key: CodingKeys, _ field: inout Int) throws {
            guard let value = try c.decodeIfPresent(Int.self, forKey: key) else { return }
            guard Self.range.contains(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be \(Self.range.lowerBound)...\(Self.range.upperBound)")
            }
            field = value
        }
        try read(.scoreAdjustments, &l.scoreAdjustments)
        try read(.acceptedAnswers, &l.acceptedAnswers)
        try read(.renames, &l.renames)
        try read(.runOfShowChanges, &l.runOfShowChanges)
        self = l
    }
}

/// A host-driven kind of event a room caps (`HostLimits`): its field in config.json is the raw value.
/// Each event type says which it counts toward (`RoomEventPayload.hostEventKind`, nil by default).
package enum HostEventKind: String, CaseIterable, Sendable {
    case scoreAdjustments, acceptedAnswers, renames, runOfShowChanges

    /// What the refusal calls it.
    package var noun: String {
        switch self {
        case .scoreAdjustments: "score adjustments"
        case .acceptedAnswers: "accepted answers"
        case .renames: "renames and team moves"
        case .runOfShowChanges: "clock, break and lock changes"
        }
    }
}

extension Room {
    /// Refuses `events` when they would take a capped kind past `limits`: checked before anything
    /// is applied, so a refusal changes nothing.
    func checkHostLimits(_ events: [RoomEvent], _ limits: HostLimits) throws(GameError) {
        for event in events {
            guard let kind = event.hostEventKind else { continue }
            let cap = limits.cap(kind)
            if hostEventCounts[kind, default: 0] >= cap { throw .limitReached(kind: kind, max: cap) }
        }
    }
}
