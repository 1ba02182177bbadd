import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// The results file is what a league organiser totals: its totals must be the standings the room
/// showed, stakes, adjustments and merges included, for players and for teams.
@Suite struct ResultsTotalsTests {
    /// Reds (Ann, Bob), Owls (Dee), The Owls (Eve) and teamless Cid. Round 2 is a wager round: the
    /// Reds' stake is won then lost, the Owls' lost, The Owls' won, Cid's left unanswered and lost
    /// then won. Bob and two teams get adjustments; the Owls merge into The Owls before the last question.
    static func night(teamStanding: TeamStandingMode) throws -> PlayedGame {
        let pack = QuestionPack(title: "League night", rounds: [
            PackRound(title: "Warm-up", questions: [
                Question(category: "Geography", text: "Capital of Canada?", content: .choice(options: ["Toronto", "Ottawa", "Montreal"], answer: 1)),
                Question(category: "History", text: "Rome was built in a day.", content: .truefalse(answer: false)),
            ]),
            PackRound(title: "Double or nothing", wager: true, questions: [
                Question(category: "Science", text: "Water boils at 100 °C at sea level.", content: .truefalse(answer: true)),
                Question(category: "Maths", text: "2 + 2?", content: .choice(options: ["3", "4", "5"], answer: 1)),
            ]),
        ])
        var settings = RoomSettings()
        settings.teamStanding = teamStanding
        var game = try PlayedGame(code: "LEAG", pack: pack, settings: settings)
        let ann = try game.join("Ann", team: "Reds")
        let bob = try game.join("Bob", team: "Reds")
        let cid = try game.join("Cid")
        let dee = try game.join("Dee", team: "Owls")
        let eve = try game.join("Eve", team: "The Owls")
        let (reds, owls, theOwls) = (TeamID(1), TeamID(2), TeamID(3))
        game.now += 10_000
        try game.send(.start)
        try game.play([(ann, .option(1), 800), (bob, .option(0), 1200), (cid, .option(1), 2500), (dee, .option(1), 400), (eve, .option(1), 3000)])
        try game.send(.adjustScore(.player(bob), delta: 50, reason: "helped the bar staff"))
        try game.play([(ann, .bool(false), 700), (bob, .bool(false), 650), (cid, .bool(true), 900), (dee, .bool(true), 4000), (eve, .bool(false), 500)])
        try game.send(.adjustScore(.team(owls), delta: 30, reason: "best team name"))

        // Wager question 1: the stakes are placed while it is read out.
        try game.send(.wager(ann, question: 2, amount: 300))
        try game.send(.wager(dee, question: 2, amount: 200))
        try game.send(.wager(eve, question: 2, amount: 150))
        try game.send(.wager(cid, question: 2, amount: 100))
        try game.play([(ann, .bool(true), 900), (bob, .bool(true), 1000), (dee, .bool(false), 1100), (eve, .bool(true), 1200)])
        try game.send(.adjustScore(.team(reds), delta: -100, reason: "phones out during a question"))
        try game.send(.mergeTeams(from: owls, into: theOwls))

        try game.send(.wager(bob, question: 3, amount: 500))
        try game.send(.wager(cid, question: 3, amount: 100))
        try game.send(.wager(eve, question: 3, amount: 400))
        try game.play([(ann, .option(0), 900), (bob, .option(2), 1000), (cid, .option(1), 1100), (dee, .option(1), 1200), (eve, .option(1), 1300)])
        precondition(game.room.phase == .ended, "the night should have ended, not \(game.room.phase)")
        return game
    }

    @Test(arguments: [TeamStandingMode.average, .sum])
    func theFilesTotalsAreTheStandingsOnScreen(teamStanding: TeamStandingMode) throws {
        let game = try Self.night(teamStanding: teamStanding)
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let rows = try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "LEAG")))
        let standings = game.room.standings
        #expect(standings.teams.map(\.name).sorted() == ["Reds", "The Owls"], "the Owls are gone into The Owls")
        #expect(game.room.teams.values.contains { $0.bonus != 0 }, "the night moved team points")

        // Players: the points summed, the last running total, and the total row all say the score on screen.
        for standing in standings.players {
            let own = rows.filter { $0.player == standing.nickname && $0.kind != .total }
            #expect(own.reduce(0) { $0 + ($1.points ?? 0) } == standing.score, "\(standing.nickname)")
            #expect(own.last?.runningTotal == standing.score, "\(standing.nickname)")
            let total = try #require(rows.first { $0.kind == .total && $0.player == standing.nickname })
            #expect(total.runningTotal == standing.score && total.rank == standing.rank && total.points == nil)
        }
        // Cid's unanswered stake has a row of its own.
        #expect(rows.contains { $0.player == "Cid" && $0.kind == .stake && $0.points == -100 && $0.question == 3 })

        // Teams: the total row is the standing, and the file holds what it is made of: the members'
        // totals (averaged or summed) plus the team's own rows (stakes, adjustments), merges followed.
        for standing in standings.teams {
            let total = try #require(rows.first { $0.kind == .total && $0.player == nil && $0.team == standing.name })
            #expect(total.runningTotal == standing.score && total.rank == standing.rank)
            let members = rows.filter { $0.kind == .total && $0.player != nil && $0.team == standing.name }.map(\.runningTotal)
            let own = rows.filter { $0.player == nil && $0.team == standing.name && $0.kind != .total }
            let sum = members.reduce(0, +)
            let fromMembers = teamStanding == .sum ? sum : Int((Double(sum) / Double(members.count)).rounded(.toNearestOrAwayFromZero))
            #expect(fromMembers + own.reduce(0) { $0 + ($1.points ?? 0) } == standing.score, "\(standing.name)")
            #expect(own.last?.runningTotal == game.room.teams[standing.team]?.bonus, "\(standing.name)'s own points")
        }
        let reds = rows.filter { $0.team == "Reds" && $0.player == nil && $0.kind != .total }
        // An adjustment sits after the question on screen when it was made.
        #expect(reds.map(\.points) == [300, -500, -100], "won, lost, adjusted")
        #expect(reds.map(\.kind) == [.stake, .stake, .adjustment])
        #expect(reds[2].reason == "phones out during a question")
        let merged = rows.filter { $0.team == "The Owls" && $0.player == nil && $0.kind != .total }
        #expect(merged.map(\.points) == [-200, 150, 30, 400], "the Owls' lost stake and adjustment count for The Owls")
        #expect(merged[0].reason == "team stake of 200 lost (Owls, merged into The Owls)")
        #expect(merged[2].reason == "best team name (Owls, merged into The Owls)")
        #expect(rows.contains { $0.kind == .adjustment && $0.player == "Bob" && $0.points == 50 && $0.reason == "helped the bar staff" })
    }

    @Test func teamModeMembersScoreOnTheTeamsAnswerInTheFileToo() throws {
        var settings = RoomSettings()
        settings.teamMode = true
        var game = try PlayedGame(code: "TEAM", settings: settings)
        let ann = try game.join("Ann", team: "Reds")
        let bob = try game.join("Bob", team: "Reds")
        game.now += 10_000
        try game.send(.start)
        try game.play([(ann, .option(1), 800)])
        try game.send(.end)
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let rows = try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "TEAM")))
        let bobs = try #require(rows.first { $0.player == "Bob" && $0.kind == .answer })
        #expect(bobs.points == game.score(bob) && bobs.points! > 0)
        #expect(bobs.answer == "Canberra" && bobs.reason == "the team's answer, given by Ann")
        #expect(rows.last { $0.player == "Bob" }?.runningTotal == game.score(bob))
    }
}
