/// `rename`: replace a player's nickname (the same rules as a join's); the player is told.
package struct RenameCommand: ClientCommand {
    package static let wireName = "rename"
    package static let title = "rename a player"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.player, ClientFieldSpec.id), .required(.nickname, .string(maxBytes: InputBounds.Bytes.name))]

    package var player: PlayerID
    package var nickname: String

    package init(_ player: PlayerID, nickname: String) {
        self.player = player
        self.nickname = nickname
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(PlayerID(try fields.int(.player)), nickname: try fields.string(.nickname))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.player, .int(player.rawValue)), (.nickname, .string(nickname))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let found = room.players[player], found.status != .kicked else { throw .unknownPlayer }
        let cleaned = try Room.cleanName(nickname, maxLength: room.settings.nicknameMaxLength, what: "a nickname")
        if cleaned == found.nickname { return [] }
        if room.isBlocked(cleaned) { throw .nameBlocked }
        if NameSkeleton(cleaned).keys.contains(where: { room.playerByNameKey[$0].map { $0 != player } ?? false }) { throw .nameTaken }
        return [.playerRenamed(PlayerRenamed(at: now, player: player, nickname: cleaned))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> RenameCommand {
        RenameCommand(fuzz.player(), nickname: fuzz.name())
    }
}

extension RoomCommand {
    package static func rename(_ player: PlayerID, nickname: String) -> RoomCommand { .host(RenameCommand(player, nickname: nickname)) }
}
