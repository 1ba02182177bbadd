/// `tiebreak`: from the final leaderboard, a closest-number question for tied players (or teams).
package struct TiebreakCommand: ClientCommand {
    package static let wireName = "tiebreak"
    package static let title = "start a tiebreak"
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [
        .required(.text, .string(maxBytes: InputBounds.Bytes.text)), .required(.answer, .number),
        .optional(.seconds, .int(InputBounds.tiebreakSeconds)), .optional(.players, .ids), .optional(.teams, .ids),
    ]

    package var request: TiebreakRequest

    package init(_ request: TiebreakRequest) { self.request = request }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        request = TiebreakRequest(
            text: try fields.string(.text), answer: try fields.number(.answer), seconds: try fields.optionalInt(.seconds) ?? 30,
            players: try fields.ids(.players).map(PlayerID.init), teams: try fields.ids(.teams).map(TeamID.init))
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] {
        [(.text, .string(request.text)), (.answer, .number(request.answer)), (.seconds, .int(request.seconds)),
         (.players, .ids(request.players.map(\.rawValue))), (.teams, .ids(request.teams.map(\.rawValue)))]
    }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        [try room.decideTiebreak(request, at: now)]
    }

    /// Mostly a tiebreak the room should start: everyone level on one score (players or teams).
    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> TiebreakCommand {
        var players: [PlayerID] = [], teams: [TeamID] = []
        let standings = room.standings
        if fuzz.chance(0.3), let team = standings.teams.first(where: { row in standings.teams.filter { $0.score == row.score }.count > 1 }) {
            teams = standings.teams.filter { $0.score == team.score }.map(\.team)
        } else if let row = standings.players.first(where: { row in standings.players.filter { $0.score == row.score }.count > 1 }) {
            players = standings.players.filter { $0.score == row.score }.map(\.player)
        } else {
            players = [fuzz.player(), fuzz.player()]
        }
        if fuzz.chance(0.1) { players.append(fuzz.player()) }
        let text = fuzz.chance(0.8) ? "How many keys has a piano?" : fuzz.text()
        let seconds = fuzz.chance(0.8) ? fuzz.int(5...60) : fuzz.boundaryInt()
        let answer = fuzz.chance(0.5) ? Double(fuzz.int(0...200)) : fuzz.boundaryDouble()
        return TiebreakCommand(TiebreakRequest(text: text, answer: answer, seconds: seconds, players: players, teams: teams))
    }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        room.phase == .leaderboard ? (room.isOnLastQuestion ? 12 : 1) : 0
    }
}

extension RoomCommand {
    package static func startTiebreak(_ request: TiebreakRequest) -> RoomCommand { .host(TiebreakCommand(request)) }
}
