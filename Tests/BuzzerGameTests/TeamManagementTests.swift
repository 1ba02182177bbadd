import Testing
@testable import BuzzerGame

/// The host's team list, and renaming, merging and moving teams during a night.
@Suite struct TeamManagementTests {
    static func listed(_ names: [String]) -> RoomSettings {
        var settings = RoomSettings()
        settings.teams = names
        return settings
    }

    @Test func playersPickFromTheHostsListByAnyLookAlikeOfItsNames() throws {
        var game = try GameHarness(settings: Self.listed(["Table 1", "The Owls"]))
        #expect(game.room.listedTeamNames == ["Table 1", "The Owls"])
        let ann = try game.join("Ann", team: "the owls")
        #expect(game.room.players[ann]!.team == TeamID(2))
        game.expectRefused(.join(JoinRequest(nickname: "Bob", team: "Owls FC", resumeTokenHash: "b")), code: "team_not_listed")
        game.expectRefused(.join(JoinRequest(nickname: "Bob", resumeTokenHash: "b")), code: "team_not_listed")
        do {
            _ = try game.room.handle(.join(JoinRequest(nickname: "Bob", resumeTokenHash: "b")), at: game.now)
        } catch {
            #expect(error.description == "Pick your team from the host's list: Table 1, The Owls.")
        }
        // A listed table nobody sits at is not on the board.
        #expect(game.room.standings.teams.map(\.name) == ["The Owls"])
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aBadTeamListIsRefusedWithTheNameAtFault() {
        #expect(Self.listed(["A", "a"]).problem()?.contains("twice") == true)
        #expect(Self.listed([" A"]).problem()?.contains("trimmed") == true)
        #expect(Self.listed([String(repeating: "x", count: 25)]).problem()?.contains("teamNameMaxLength") == true)
        #expect(Self.listed(Array((0...100).map { "T\($0)" })).problem()?.contains("at most 100") == true)
        #expect(Self.listed(["Table 1", "Table 2"]).problem() == nil)
    }

    @Test func renamingATeamKeepsItsMembersAndFreesTheOldName() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann", team: "Owls")
        _ = try game.join("Bob", team: "Hawks")
        game.expectRefused(.renameTeam(TeamID(1), name: "hawks"), code: "name_taken")
        game.expectRefused(.renameTeam(TeamID(9), name: "X"), code: "unknown_team")
        try game.send(.renameTeam(TeamID(1), name: "The Owls"))
        #expect(game.room.teams[TeamID(1)]!.name == "The Owls")
        #expect(game.room.players[ann]!.team == TeamID(1))
        let cid = try game.join("Cid", team: "Owls")
        #expect(game.room.players[cid]!.team == TeamID(3), "the old name is free again")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func mergingMovesMembersOwnPointsAndTheNameIntoTheOtherTeam() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.choice(options: ["A", "B"], answer: 0), wager: true, count: 2))
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "The Owls")
        try game.send(.start)
        game.openAnswers()
        try game.send(.wager(ann, question: 0, amount: 300))
        try game.answer(ann, .option(0), afterOpenMs: 100)
        try game.answer(bob, .option(1), afterOpenMs: 200)
        try game.send(.reveal)
        #expect(game.room.teams[TeamID(1)]!.bonus == 300)
        try game.send(.mergeTeams(from: TeamID(1), into: TeamID(2)))
        #expect(game.room.players[ann]!.team == TeamID(2))
        #expect(game.room.teams[TeamID(2)]!.bonus == 300, "the merged team's stake win comes along")
        #expect(game.room.standings.teams.map(\.name) == ["The Owls"])
        #expect(game.room.standings.teams[0].members == 2)
        #expect(game.room.asked[0].teamAwards[TeamID(1)] == 300, "the stake stays judged on the answers given as Owls")
        let cid = try game.join("Cid", team: "owls")
        #expect(game.room.players[cid]!.team == TeamID(2), "the merged name leads to the team it joined")
        game.expectRefused(.mergeTeams(from: TeamID(1), into: TeamID(2)), code: "unknown_team")
        game.expectRefused(.mergeTeams(from: TeamID(2), into: TeamID(2)), code: "name_invalid")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func movingAPlayerTakesTheirPointsAndLeavesTheTeamsOwn() throws {
        var settings = RoomSettings()
        settings.teamStanding = .sum
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann", team: "Owls")
        _ = try game.join("Bob", team: "Hawks")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 0)
        try game.send(.reveal)
        try game.send(.adjustScore(.team(TeamID(1)), delta: 50, reason: "best costume"))
        try game.send(.movePlayer(ann, team: TeamID(2)))
        var scores = Dictionary(uniqueKeysWithValues: game.room.standings.teams.map { ($0.name, $0.score) })
        // Nobody plays for Owls now: the team leaves the board (it could otherwise take a podium place
        // with no one to stand on it), and keeps its own 50 for when someone joins it again.
        #expect(scores == ["Hawks": 1000])
        try game.send(.movePlayer(ann, team: TeamID(1)))
        scores = Dictionary(uniqueKeysWithValues: game.room.standings.teams.map { ($0.name, $0.score) })
        #expect(scores == ["Owls": 1050, "Hawks": 0])
        try game.send(.movePlayer(ann, team: TeamID(2)))
        #expect(try game.send(.movePlayer(ann, team: TeamID(2))).isEmpty)
        try game.send(.movePlayer(ann, team: nil))
        #expect(game.room.players[ann]!.team == nil)
        game.expectRefused(.movePlayer(ann, team: TeamID(7)), code: "unknown_team")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func withAListAPlayerCannotBeMovedToNoTeam() throws {
        var game = try GameHarness(settings: Self.listed(["Table 1", "Table 2"]))
        let ann = try game.join("Ann", team: "Table 1")
        game.expectRefused(.movePlayer(ann, team: nil), code: "team_not_listed")
        try game.send(.movePlayer(ann, team: TeamID(2)))
        #expect(game.room.players[ann]!.team == TeamID(2))
    }
}
