/// `kick`: a player leaves for good (`ban`: nor may they join again); `reason` is shown to them
/// (trimmed; empty means none).
package struct KickCommand: ClientCommand {
    package static let wireName = "kick"
    package static let title = "kick"
    package static let repliesOK = true
    package static let mayEndTheWait = true
    package static let fields: [ClientFieldSpec] = [
        .required(.player, ClientFieldSpec.id), .optional(.ban, .bool), .optional(.reason, .string(maxBytes: InputBounds.Bytes.text)),
    ]

    package var player: PlayerID
    package var ban: Bool
    package var reason: String?

    package init(_ player: PlayerID, ban: Bool, reason: String? = nil) {
        self.player = player
        self.ban = ban
        self.reason = reason
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(PlayerID(try fields.int(.player)), ban: try fields.optionalBool(.ban) ?? false, reason: try fields.optionalString(.reason))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] {
        [(.player, .int(player.rawValue)), (.ban, .bool(ban))] + (reason.map { [(.reason, .string($0))] } ?? [])
    }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let found = room.players[player], found.status != .kicked else { throw .unknownPlayer }
        let told = (reason ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard told.count <= 200 else { throw .invalidReason("a removal reason is at most 200 characters") }
        return [.playerKicked(PlayerKicked(at: now, player: player, ban: ban, reason: told.isEmpty ? nil : told))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> KickCommand {
        let reason = fuzz.chance(0.5) ? nil : fuzz.chance(0.8) ? fuzz.text() : String(repeating: "x", count: fuzz.pick([200, 201]))
        return KickCommand(fuzz.player(), ban: fuzz.bool(), reason: reason)
    }
}

extension RoomCommand {
    package static func kick(_ player: PlayerID, ban: Bool, reason: String? = nil) -> RoomCommand {
        .host(KickCommand(player, ban: ban, reason: reason))
    }
}
