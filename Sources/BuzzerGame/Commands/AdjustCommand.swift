/// `adjust`: the host adds to or takes from one player's or one team's score, with a reason.
package struct AdjustCommand: ClientCommand {
    package static let wireName = "adjust"
    package static let title = "adjust a score"
    package static let repliesOK = true
    /// Exactly one of `player` and `team` (the decoder says so).
    package static let fields: [ClientFieldSpec] = [
        .optional(.player, ClientFieldSpec.id), .optional(.team, ClientFieldSpec.id), .required(.delta, .int(InputBounds.adjustment)),
        .optional(.reason, .string(maxBytes: InputBounds.Bytes.text)),
    ]

    package var target: ScoreTarget
    package var delta: Int
    package var reason: String

    package init(_ target: ScoreTarget, delta: Int, reason: String) {
        self.target = target
        self.delta = delta
        self.reason = reason
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        let player = try fields.optionalInt(.player), team = try fields.optionalInt(.team)
        let target: ScoreTarget
        switch (player, team) {
        case (let player?, nil): target = .player(PlayerID(player))
        case (nil, let team?): target = .team(TeamID(team))
        default: throw ClientFieldError("\(Self.wireName) needs exactly one of \"player\" or \"team\"")
        }
        self.init(target, delta: try fields.int(.delta), reason: try fields.optionalString(.reason) ?? "")
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] {
        let whose: (ClientField, ClientFieldValue) = switch target {
        case .player(let id): (.player, .int(id.rawValue))
        case .team(let id): (.team, .int(id.rawValue))
        }
        return [whose, (.delta, .int(delta)), (.reason, .string(reason))]
    }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        let reason = reason.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !reason.isEmpty else { throw .invalidScoreAdjustment("give a reason") }
        // Like a removal's: the console's field takes 100, and a capped count of adjustments then logs little.
        guard reason.count <= 200 else { throw .invalidScoreAdjustment("the reason is at most 200 characters") }
        guard delta != 0, InputBounds.adjustment.contains(delta) else {
            throw .invalidScoreAdjustment("the change must be between -1000000 and 1000000 and not 0")
        }
        switch target {
        case .player(let id):
            guard room.players[id]?.isRanked == true else { throw .unknownPlayer }
            return [.scoreAdjusted(ScoreAdjusted(at: now, player: id, team: nil, delta: delta, reason: reason))]
        case .team(let team):
            guard room.teams[team] != nil else { throw .invalidScoreAdjustment("no such team") }
            return [.scoreAdjusted(ScoreAdjusted(at: now, player: nil, team: team, delta: delta, reason: reason))]
        }
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> AdjustCommand {
        let target: ScoreTarget = fuzz.bool() ? .player(fuzz.player()) : .team(fuzz.team())
        return AdjustCommand(target, delta: fuzz.chance(0.5) ? fuzz.boundaryInt() : fuzz.int(-1000...1000), reason: fuzz.chance(0.8) ? "bonus" : fuzz.text())
    }
}

extension RoomCommand {
    package static func adjustScore(_ target: ScoreTarget, delta: Int, reason: String) -> RoomCommand {
        .host(AdjustCommand(target, delta: delta, reason: reason))
    }
}
