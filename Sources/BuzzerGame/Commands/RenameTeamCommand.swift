/// `rename_team`: a team's new name (the rules of a team name at joining).
package struct RenameTeamCommand: ClientCommand {
    package static let wireName = "rename_team"
    package static let title = "rename a team"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.team, ClientFieldSpec.id), .required(.name, .string(maxBytes: InputBounds.Bytes.name))]

    package var team: TeamID
    package var name: String

    package init(_ team: TeamID, name: String) {
        self.team = team
        self.name = name
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(TeamID(try fields.int(.team)), name: try fields.string(.name))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.team, .int(team.rawValue)), (.name, .string(name))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        guard let found = room.teams[team], found.mergedInto == nil else { throw .unknownTeam }
        let cleaned = try Room.cleanName(name, maxLength: room.settings.teamNameMaxLength, what: "a team name")
        if cleaned == found.name { return [] }
        if room.isBlocked(cleaned) { throw .nameBlocked }
        if NameSkeleton(cleaned).keys.contains(where: { room.teamByNameKey[$0].map { $0 != team } ?? false }) { throw .nameTaken }
        return [.teamRenamed(TeamRenamed(at: now, team: team, name: cleaned))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> RenameTeamCommand {
        RenameTeamCommand(fuzz.team(), name: fuzz.name())
    }
}

extension RoomCommand {
    package static func renameTeam(_ team: TeamID, name: String) -> RoomCommand { .host(RenameTeamCommand(team, name: name)) }
}
