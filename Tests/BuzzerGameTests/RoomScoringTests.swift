import Testing
import Foundation
@testable import BuzzerGame

@Suite struct RoomScoringTests {
    /// Plays the current question: every (player, answer, ms after opening) then reveal.
    private func play(_ game: inout GameHarness, _ answers: [(PlayerID, AnswerValue, GameDuration)]) throws {
        game.openAnswers()
        for (player, value, ms) in answers.sorted(by: { $0.2 < $1.2 }) {
            try game.answer(player, value, afterOpenMs: ms)
        }
        try game.send(.reveal)
    }

    @Test func speedScoringInAGame() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.choice(options: ["a", "b"], answer: 0)))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        try game.send(.start)
        try play(&game, [(ann, .option(0), 400), (bob, .option(0), 10_000), (cid, .option(1), 1000)])
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 750)
        #expect(game.score(cid) == 0)
    }

    @Test func doublePointsQuestion() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), points: 2))
        let ann = try game.join("Ann")
        try game.send(.start)
        try play(&game, [(ann, .bool(true), 10_000)])
        #expect(game.score(ann) == 1500)
    }

    @Test func streakBonusAccumulatesAndWrongAnswerResetsIt() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), count: 8))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        try game.send(.start)
        // Ann right 7 times at 0.4 s, then wrong; Bob right, wrong, right, then silent.
        var annExpected = 0
        let annBonus = [0, 100, 200, 300, 400, 500, 500]
        for q in 0..<8 {
            var answers: [(PlayerID, AnswerValue, GameDuration)] = [(ann, .bool(q < 7), 0)]
            if q < 3 { answers.append((bob, .bool(q != 1), 0)) }
            try play(&game, answers)
            if q < 7 { annExpected += 1000 + annBonus[q] }
            #expect(game.score(ann) == annExpected)
            if q < 7 { #expect(game.room.players[ann]!.streak == q + 1) }
            if q < 7 { try game.send(.next) }
        }
        #expect(game.room.players[ann]!.streak == 0)
        #expect(game.score(bob) == 2000)  // no bonus: the wrong answer broke the streak
        #expect(game.room.players[bob]!.streak == 0)  // silence resets too
        #expect(game.room.players[ann]!.correctCount == 7)
    }

    @Test func flatScoringIgnoresSpeedAndStreaks() throws {
        var settings = RoomSettings()
        settings.scoring = .flat
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), points: 2, count: 3), settings: settings)
        let ann = try game.join("Ann")
        try game.send(.start)
        for q in 0..<3 {
            try play(&game, [(ann, .bool(true), 19_000)])
            if q < 2 { try game.send(.next) }
        }
        #expect(game.score(ann) == 6)
    }

    @Test func multiGivesPartialCredit() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2])))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        let dee = try game.join("Dee")
        try game.send(.start)
        try play(&game, [(ann, .options([0, 2]), 0), (bob, .options([0]), 0), (cid, .options([0, 1]), 0), (dee, .options([0, 1, 2]), 0)])
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 500)
        #expect(game.score(cid) == 0)
        #expect(game.score(dee) == 500)
        #expect(game.room.currentQuestion!.awards[bob]?.outcome == .partial)
        #expect(game.room.players[bob]!.streak == 0)
    }

    @Test func closestNumberAnswersWinAndShareTies() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.number(answer: 1969)))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        try game.send(.start)
        try play(&game, [(ann, .number(1968), 0), (bob, .number(1970), 10_000), (cid, .number(1950), 0)])
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 750)
        #expect(game.score(cid) == 0)
    }

    @Test func pollsScoreNothing() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.poll(options: ["Ham", "Pineapple"])))
        let ann = try game.join("Ann")
        try game.send(.start)
        try play(&game, [(ann, .vote(1), 0)])
        #expect(game.score(ann) == 0)
        #expect(game.room.revealView(sequence: 0)?.optionCounts == [0, 1])
    }

    @Test func textAnswersIgnoreCaseAccentsAndPunctuation() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.text(accepted: ["The Beatles", "Beyoncé"])))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        try game.send(.start)
        try play(&game, [(ann, .text("  the   BEATLES! "), 0), (bob, .text("beyonce"), 0), (cid, .text("Beatles"), 0)])
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 1000)
        #expect(game.score(cid) == 0)
    }

    @Test func acceptingATypedAnswerRescoresTheQuestionAndLaterStreaks() throws {
        var game = try GameHarness(pack: QuestionPack(title: "T", questions: [
            Question(category: "Music", text: "Who?", content: .text(accepted: ["The Beatles"])),
            Question(category: "Misc", text: "True?", content: .truefalse(answer: true)),
        ]))
        let ann = try game.join("Ann")
        try game.send(.start)
        try play(&game, [(ann, .text("Beatles"), 0)])
        #expect(game.score(ann) == 0)
        try game.send(.next)
        try play(&game, [(ann, .bool(true), 0)])
        #expect(game.score(ann) == 1000)
        #expect(game.room.typedAnswers(sequence: 0).map(\.text) == ["Beatles"])

        game.expectRefused(.accept(question: 1, text: "x"), code: "cannot_accept")
        game.expectRefused(.accept(question: 0, text: "the beatles"), code: "cannot_accept")
        game.expectRefused(.accept(question: 9, text: "x"), code: "unknown_question")
        try game.send(.accept(question: 0, text: "Beatles"))
        // Question 0 now right (1000), question 1 is a second in a row (1000 + 100).
        #expect(game.score(ann) == 2100)
        #expect(game.room.revealView(sequence: 0)?.correct == .text(["The Beatles", "Beatles"]))
    }

    @Test func rejectingAnAcceptedAnswerRescoresAsBeforeAndReplaysAlike() throws {
        var game = try GameHarness(pack: QuestionPack(title: "T", questions: [
            Question(category: "Music", text: "Who?", content: .text(accepted: ["The Beatles"])),
            Question(category: "Misc", text: "True?", content: .truefalse(answer: true)),
        ]))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        try game.send(.start)
        try play(&game, [(ann, .text("Beatles"), 0), (bob, .text("the beatles"), 0)])
        game.expectRefused(.reject(question: 0, text: "Beatles"), code: "cannot_reject")
        game.expectRefused(.reject(question: 0, text: "The Beatles"), code: "cannot_reject")
        try game.send(.accept(question: 0, text: "Beatles"))
        #expect(game.room.typedAnswers(sequence: 0).map(\.byHost) == [true, false])
        try game.send(.next)
        try play(&game, [(ann, .bool(true), 0), (bob, .bool(true), 0)])
        #expect(game.score(ann) == 2100)
        // Taken back from a later screen, spelled another way: question 0 wrong again, no streak.
        try game.send(.reject(question: 0, text: " BEATLES "))
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 2100)
        #expect(game.room.revealView(sequence: 0)?.correct == .text(["The Beatles"]))
        #expect(game.room.typedAnswers(sequence: 0).allSatisfy { !$0.byHost })
        game.expectRefused(.reject(question: 0, text: "Beatles"), code: "cannot_reject")
        game.expectRefused(.reject(question: 1, text: "x"), code: "cannot_reject")
        game.expectRefused(.reject(question: 9, text: "x"), code: "unknown_question")
        let decoded = try game.log.map { try JSONDecoder().decode(RoomEvent.self, from: JSONEncoder().encode($0)) }
        #expect(decoded.contains { $0.type == AnswerRejected.wireName })
        #expect(try Room.replay(decoded) == game.room)
    }

    @Test func tiesShareARankAndTheNextRankSkips() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cid = try game.join("Cid")
        let dee = try game.join("Dee")
        try game.send(.start)
        try play(&game, [(bob, .bool(true), 0), (ann, .bool(true), 100), (cid, .bool(true), 10_000), (dee, .bool(false), 0)])
        let standings = game.room.standings
        #expect(standings.players.map(\.nickname) == ["Ann", "Bob", "Cid", "Dee"])
        #expect(standings.players.map(\.rank) == [1, 1, 3, 4])
        #expect(standings.players.map(\.score) == [1000, 1000, 750, 0])
        #expect(standings.podium(size: 1).players.map(\.nickname) == ["Ann", "Bob"])
        #expect(game.room.podium.players.count == 3)
    }

    @Test func teamStandingAverageAndSum() throws {
        for mode in [TeamStandingMode.average, .sum] {
            var settings = RoomSettings()
            settings.teamStanding = mode
            var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)), settings: settings)
            let ann = try game.join("Ann", team: "Quizzards")
            let bob = try game.join("Bob", team: "  quizzards ")
            let cid = try game.join("Cid", team: "Lone Wolves")
            #expect(game.room.teams.count == 2)
            #expect(game.room.players[bob]!.team == game.room.players[ann]!.team)
            try game.send(.start)
            try play(&game, [(ann, .bool(true), 0), (bob, .bool(true), 9_000), (cid, .bool(true), 20_000)])
            // Ann 1000, Bob 1000 × (1 − 9/40) = 775, Cid 500.
            let teams = game.room.standings.teams
            #expect(teams.map(\.name) == ["Quizzards", "Lone Wolves"])
            #expect(teams.map(\.score) == (mode == .average ? [888, 500] : [1775, 500]))
            #expect(teams.map(\.members) == [2, 1])
            #expect(teams.map(\.rank) == [1, 2])
        }
    }

    @Test func hostAdjustsPlayerAndTeamScoresWithAReason() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann", team: "Reds")
        let team = game.room.players[ann]!.team!
        game.expectRefused(.adjustScore(.player(ann), delta: 50, reason: "  "), code: "invalid_score_adjustment")
        game.expectRefused(.adjustScore(.player(ann), delta: 0, reason: "x"), code: "invalid_score_adjustment")
        game.expectRefused(.adjustScore(.player(PlayerID(9)), delta: 5, reason: "x"), code: "unknown_player")
        try game.send(.adjustScore(.player(ann), delta: 250, reason: "Spotted a typo"))
        try game.send(.adjustScore(.team(team), delta: -100, reason: "Phones out"))
        #expect(game.score(ann) == 250)
        #expect(game.room.standings.teams.first?.score == 150)
        #expect(game.room.adjustments.map(\.reason) == ["Spotted a typo", "Phones out"])
    }

    /// Found by the protocol fuzzer: the range check took `abs(delta)`, which traps on `Int.min`.
    @Test func adjustmentByMinIntIsRefused() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann", team: "Reds")
        let team = game.room.players[ann]!.team!
        game.expectRefused(.adjustScore(.player(ann), delta: .min, reason: "x"), code: "invalid_score_adjustment")
        game.expectRefused(.adjustScore(.team(team), delta: .min, reason: "x"), code: "invalid_score_adjustment")
        game.expectRefused(.adjustScore(.player(ann), delta: .max, reason: "x"), code: "invalid_score_adjustment")
        game.expectRefused(.adjustScore(.player(ann), delta: -1_000_001, reason: "x"), code: "invalid_score_adjustment")
        try game.send(.adjustScore(.player(ann), delta: -1_000_000, reason: "x"))
        #expect(game.score(ann) == -1_000_000)
    }

    @Test func wagersWinOrLoseTheStake() throws {
        var game = try GameHarness(pack: QuestionPack(title: "W", rounds: [
            PackRound(title: "Warm-up", questions: [Question(category: "c", text: "q", content: .truefalse(answer: true))]),
            PackRound(title: "Double or nothing", wager: true, questions: [Question(category: "c", text: "q", content: .truefalse(answer: false))]),
        ]))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        let cat = try game.join("Cat", team: "Owls")
        let dan = try game.join("Dan", team: "Owls")
        let eve = try game.join("Eve", team: "Owls")
        try game.send(.start)
        game.expectRefused(.wager(ann, question: 0, amount: 10), code: "not_wager_round")
        try play(&game, [(ann, .bool(true), 0), (bob, .bool(true), 10_000), (cat, .bool(true), 0)])
        #expect(game.score(ann) == 1000)
        #expect(game.score(bob) == 750)
        try game.send(.next)
        #expect(game.room.phase == .leaderboard)
        try game.send(.next)
        #expect(game.room.questionView?.wager == true)
        let owls = game.room.players[cat]!.team!
        // Owls average (1000 + 0 + 0) / 3 = 333; the floor of one question's points (1000) applies.
        #expect(game.room.maxWager(for: .team(owls), question: game.room.question(game.room.currentQuestion!)) == 1000)
        game.expectRefused(.wager(ann, question: 1, amount: 1001), code: "invalid_wager")
        game.expectRefused(.wager(ann, question: 1, amount: -1), code: "invalid_wager")
        game.expectRefused(.wager(ann, question: 0, amount: 1), code: "wrong_question")
        try game.send(.wager(ann, question: 1, amount: 1000))
        try game.send(.wager(bob, question: 1, amount: 200))
        try game.send(.wager(bob, question: 1, amount: 300))  // the last wager counts
        try game.send(.wager(dan, question: 1, amount: 400))
        // Ann right (+1000), Bob wrong (−300); Owls: 2 of 3 answering members right -> +400.
        try play(&game, [(ann, .bool(false), 0), (bob, .bool(true), 0),
                         (cat, .bool(false), 0), (dan, .bool(false), 100), (eve, .bool(true), 0)])
        #expect(game.score(ann) == 2000)
        #expect(game.score(bob) == 450)
        #expect(game.score(cat) == 1000)  // wager questions give no speed points
        #expect(game.room.teams[owls]!.bonus == 400)
        #expect(game.room.teamScore(owls) == 333 + 400)
        game.expectRefused(.wager(ann, question: 1, amount: 1), code: "question_closed")
    }

    /// docs/protocol-server.md: `outcome` is absent when the player did not answer. A teamless player who
    /// staked and then stayed silent loses the stake, but did not answer wrongly.
    @Test func anUnansweredWagerLosesTheStakeWithoutAnOutcome() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true), wager: true))
        let ann = try game.join("Ann")
        let bob = try game.join("Bob")
        try game.send(.start)
        try game.send(.wager(ann, question: 0, amount: 300))
        try game.send(.wager(bob, question: 0, amount: 200))
        try play(&game, [(bob, .bool(false), 0)])
        let silent = try #require(game.room.result(for: ann, sequence: 0))
        #expect(!silent.answered)
        #expect(silent.outcome == nil)
        #expect(silent.points == -300)
        #expect(game.score(ann) == -300)
        let wrong = try #require(game.room.result(for: bob, sequence: 0))
        #expect(wrong.outcome == .wrong)
        #expect(wrong.points == -200)
    }
}
