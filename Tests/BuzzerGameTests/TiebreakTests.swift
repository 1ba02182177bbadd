import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

/// A closest-number question for players or teams level on the final leaderboard.
@Suite struct TiebreakTests {
    /// Ann and Bob level on 1000, Cid on 0, on the final leaderboard of a one-question game.
    static func levelGame() throws -> (GameHarness, ann: PlayerID, bob: PlayerID, cid: PlayerID) {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 0)
        try game.answer(bob, .bool(true), afterOpenMs: 0)
        try game.answer(cid, .bool(false), afterOpenMs: 0)
        try game.send(.reveal)
        try game.send(.next)
        #expect(game.room.phase == .leaderboard)
        return (game, ann, bob, cid)
    }

    @Test func theClosestNumberWinsAndSeparatesTheTie() throws {
        var (game, ann, bob, cid) = try Self.levelGame()
        #expect(game.room.standings.players.map(\.rank) == [1, 1, 3])
        try game.send(.startTiebreak(TiebreakRequest(text: "How many steps has the Eiffel Tower?", answer: 1665, players: [ann, bob])))
        #expect(game.room.phase == .tiebreak)
        game.expectRefused(.tiebreakAnswer(cid, value: 1665, writtenAt: 0, rttMs: 0), code: "not_in_tiebreak")
        game.advance(3_000)
        try game.send(.tiebreakAnswer(bob, value: 1700, writtenAt: 0, rttMs: 0))
        game.expectRefused(.tiebreakAnswer(bob, value: 1665, writtenAt: 0, rttMs: 0), code: "already_answered")
        game.advance(2_000)
        let events = try game.send(.tiebreakAnswer(ann, value: 1600, writtenAt: 0, rttMs: 0))
        #expect(events.map(\.type) == ["tiebreak_answered", "tiebreak_ended"], "both answered: it ends at once")
        #expect(game.room.phase == .leaderboard)
        let rows = game.room.standings.players
        #expect(rows.map(\.nickname) == ["Bob", "Ann", "Cid"], "35 off beats 65 off")
        #expect(rows.map(\.rank) == [1, 2, 3])
        #expect(rows.map(\.score) == [1000, 1000, 0], "a tiebreak changes no score")
        try game.send(.next)
        #expect(game.room.phase == .ended)
        #expect(game.room.podium.players.map(\.nickname) == ["Bob", "Ann", "Cid"])
        let decoded = try game.log.map { try JSONDecoder().decode(RoomEvent.self, from: JSONEncoder().encode($0)) }
        #expect(try Room.replay(decoded) == game.room)
    }

    @Test func equallyCloseTheFasterWinsAndNoAnswerComesLast() throws {
        var (game, ann, bob, _) = try Self.levelGame()
        try game.send(.startTiebreak(TiebreakRequest(text: "Year?", answer: 1969, seconds: 10, players: [bob, ann])))
        game.advance(1_000)
        try game.send(.tiebreakAnswer(ann, value: 1970, writtenAt: 0, rttMs: 0))
        game.advance(11_000)
        #expect(game.tick().map(\.type) == ["tiebreak_ended"])
        #expect(game.room.standings.players.prefix(2).map(\.nickname) == ["Ann", "Bob"])
        try game.send(.startTiebreak(TiebreakRequest(text: "Again?", answer: 10, players: [ann, bob]))) // still level on score
        game.advance(1_000)
        try game.send(.tiebreakAnswer(bob, value: 8, writtenAt: 0, rttMs: 0))
        game.advance(1_000)
        try game.send(.tiebreakAnswer(ann, value: 12, writtenAt: 0, rttMs: 0))
        #expect(game.room.standings.players.prefix(2).map(\.nickname) == ["Bob", "Ann"], "equally close: the faster")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func aTiebreakIsOnlyForEveryoneLevelOnTheFinalLeaderboard() throws {
        var (game, ann, bob, cid) = try Self.levelGame()
        let request = { (players: [PlayerID]) in TiebreakRequest(text: "Q?", answer: 1, players: players) }
        game.expectRefused(.startTiebreak(request([ann, cid])), code: "invalid_tiebreak")
        game.expectRefused(.startTiebreak(request([ann])), code: "invalid_tiebreak")
        game.expectRefused(.startTiebreak(request([ann, ann])), code: "invalid_tiebreak")
        game.expectRefused(.startTiebreak(TiebreakRequest(text: "Q?", answer: .nan, players: [ann, bob])), code: "invalid_tiebreak")
        game.expectRefused(.startTiebreak(TiebreakRequest(text: "Q?", answer: 1, seconds: 2, players: [ann, bob])), code: "invalid_tiebreak")
        let dee = try game.join("Dee")
        try game.send(.adjustScore(.player(dee), delta: 1000, reason: "level with them"))
        do {
            _ = try game.room.handle(.startTiebreak(request([ann, bob])), at: game.now)
            Issue.record("a tiebreak that leaves out a level player was accepted")
        } catch {
            #expect(error.description.contains("Dee is on the same score"))
        }
        var fresh = try GameHarness()
        _ = try fresh.join("Ann")
        fresh.expectRefused(.startTiebreak(request([PlayerID(1), PlayerID(2)])), code: "invalid_tiebreak")
    }

    @Test func tiedTeamsPlayWithTheirFirstMembersAnswer() throws {
        var settings = RoomSettings()
        settings.teamStanding = .sum
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)), settings: settings)
        let ann = try game.join("Ann", team: "Owls")
        let bob = try game.join("Bob", team: "Owls")
        let cid = try game.join("Cid", team: "Hawks")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 0)
        try game.answer(bob, .bool(false), afterOpenMs: 0)
        try game.answer(cid, .bool(true), afterOpenMs: 0)
        try game.send(.reveal)
        try game.send(.next)
        try game.send(.startTiebreak(TiebreakRequest(text: "Q?", answer: 100, teams: [TeamID(1), TeamID(2)])))
        try game.send(.tiebreakAnswer(bob, value: 99, writtenAt: 0, rttMs: 0))
        game.expectRefused(.tiebreakAnswer(ann, value: 100, writtenAt: 0, rttMs: 0), code: "team_answered")
        try game.send(.tiebreakAnswer(cid, value: 90, writtenAt: 0, rttMs: 0))
        #expect(game.room.standings.teams.map(\.name) == ["Owls", "Hawks"])
        #expect(game.room.standings.teams.map(\.rank) == [1, 2])
        #expect(try Room.replay(game.log) == game.room)
    }
}
