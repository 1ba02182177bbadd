/// `move_player`: a player to another team (none: `team` left out, only when the host set no team list).
package struct MovePlayerCommand: ClientCommand {
    package static let wireName = "move_player"
    package static let title = "move a player"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.player, ClientFieldSpec.id), .optional(.team, ClientFieldSpec.id)]

    package var player: PlayerID
    package var team: TeamID?

    package init(_ player: PlayerID, team: TeamID?) {
        self.player = player
        self.team = team
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(PlayerID(try fields.int(.player)), team: try fields.optionalInt(.team).map(TeamID.init))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] {
        [(.player, .int(player.rawValue))] + (team.map { [(.team, .int($0.rawValue))] } ?? [])
    }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let found = room.players[player], found.status != .kicked else { throw .unknownPlayer }
        if let team {
            guard room.teams[team]?.mergedInto == nil, room.teams[team] != nil else { throw .unknownTeam }
        } else if !room.settings.teams.isEmpty {
            throw .teamNotListed(room.listedTeamNames)
        }
        return found.team == team ? [] : [.playerMoved(PlayerMoved(at: now, player: player, team: team))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> MovePlayerCommand {
        MovePlayerCommand(fuzz.player(), team: fuzz.chance(0.2) ? nil : fuzz.team())
    }
}

extension RoomCommand {
    package static func movePlayer(_ player: PlayerID, team: TeamID?) -> RoomCommand { .host(MovePlayerCommand(player, team: team)) }
}
