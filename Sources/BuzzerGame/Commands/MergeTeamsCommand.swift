/// `merge_teams`: team `from` goes into `into`: its members, its own points and its name.
package struct MergeTeamsCommand: ClientCommand {
    package static let wireName = "merge_teams"
    package static let title = "merge teams"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.from, ClientFieldSpec.id), .required(.into, ClientFieldSpec.id)]

    package var from: TeamID
    package var into: TeamID

    package init(from: TeamID, into: TeamID) {
        self.from = from
        self.into = into
    }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        self.init(from: TeamID(try fields.int(.from)), into: TeamID(try fields.int(.into)))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.from, .int(from.rawValue)), (.into, .int(into.rawValue))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        let teams = room.teams
        guard teams[from]?.mergedInto == nil, teams[into]?.mergedInto == nil, teams[from] != nil, teams[into] != nil else { throw .unknownTeam }
        guard from != into else { throw .nameInvalid("a team cannot be merged into itself") }
        return [.teamsMerged(TeamsMerged(at: now, from: from, into: into))]
    }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> MergeTeamsCommand {
        MergeTeamsCommand(from: fuzz.team(), into: fuzz.team())
    }
}

extension RoomCommand {
    package static func mergeTeams(from: TeamID, into: TeamID) -> RoomCommand { .host(MergeTeamsCommand(from: from, into: into)) }
}
