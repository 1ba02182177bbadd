import Foundation
import Testing
@testable import BuzzerGame
import BuzzerFormats
import BuzzerGameJSON

/// Survey questions ("survey says"): typed answers grouped by a look-alike fold, the host's merges
/// before the reveal, and the poll, popular and rare scorings (docs/kinds-typed.md, "survey").
@Suite struct SurveyQuestionTests {
    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private static func settings() -> RoomSettings {
        var settings = RoomSettings()
        settings.streakBonus = false
        return settings
    }

    /// A game of one survey question with `names` joined, each answering `answers[i]` at once.
    private func play(_ survey: Survey, _ answers: [String], reveal: Bool = true) throws -> (GameHarness, [PlayerID]) {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.survey(survey)), settings: Self.settings())
        let ids = try answers.indices.map { index throws(GameError) in try game.join("Player \(index)") }
        try game.send(.start)
        game.openAnswers()
        for (id, text) in zip(ids, answers) { try game.answer(id, .phrase(text), afterOpenMs: 0) }
        if reveal { try game.send(.reveal) }
        return (game, ids)
    }

    // MARK: - The pack format

    @Test func decodesSurveyQuestionsWithDefaultsAndRoundTrips() throws {
        let json = """
        {"title":"T","questions":[
          {"kind":"survey","category":"Travel","text":"Name a city in France.","scoring":"rare","accepted":["Paris","Lyon"],"display":"cloud"},
          {"kind":"survey","category":"Fun","text":"Best biscuit?"}
        ]}
        """
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.rounds[0].questions[0].content == .survey(Survey(scoring: .rare, accepted: ["Paris", "Lyon"], display: .cloud)))
        #expect(pack.rounds[0].questions[1].content == .survey(Survey(scoring: .poll, accepted: [], display: .bars)))
        #expect(try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack)) == pack)
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
    }

    @Test func reportsSurveyMistakesWithPaths() {
        let found = errors("""
        {"title":"T","questions":[
          {"kind":"survey","category":"C","text":"Q","scoring":"rare"},
          {"kind":"survey","category":"C","text":"Q","scoring":"popular","accepted":["Paris"]},
          {"kind":"survey","category":"C","text":"Q","scoring":"most"},
          {"kind":"survey","category":"C","text":"Q","display":3},
          {"kind":"survey","category":"C","text":"Q","answer":["Paris"]},
          {"kind":"survey","category":"C","text":"Q","scoring":"rare","accepted":["Paris","PARÍS"]},
          {"kind":"text","category":"C","text":"Q","answer":["Paris"],"scoring":"rare"}
        ]}
        """)
        #expect(found == [
            "questions[0].accepted: no accepted answer is given",
            #"questions[1].accepted: only "rare" survey questions take accepted answers"#,
            #"questions[2].scoring: expected one of "poll", "popular", "rare", found "most""#,
            #"questions[3].display: expected one of "cloud", "bars", found 3"#,
            #"questions[4].answer: survey questions have no answer: a rare one lists what scores as "accepted""#,
            #"questions[5].accepted[1]: "PARÍS" is the same as an earlier accepted answer once case, accents and punctuation are ignored"#,
            "questions[6].scoring: text questions take no scoring",
        ])
    }

    // MARK: - Grouping

    @Test func groupsAnswersByCaseAccentsPunctuationAndLookAlikes() {
        let paris = SurveyKind.groupKey("Paris")
        for same in ["paris", "PARÍS", "  Pa ris! ", "Раris", "Ｐａｒｉｓ", "P.A.R.I.S."] {
            #expect(SurveyKind.groupKey(same) == paris, "\(same)")
        }
        #expect(SurveyKind.groupKey("Zoë") == SurveyKind.groupKey("ZOE"))
        #expect(SurveyKind.groupKey("Rome") != paris)
        // A key is its own key, so the console may send a group's key back as its name.
        for text in ["Paris", "Zoë", "Ian", "1984", "Mimi", "AC/DC", "東京", "+"] {
            let key = SurveyKind.groupKey(text)
            #expect(SurveyKind.groupKey(key) == key, "\(text) → \(key)")
        }
    }

    @Test func refusesEmptyOrOverlongAnswersAndAnswersOfAnotherKind() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.survey(Survey())))
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        let sequence = game.room.currentQuestion!.sequence
        func submit(_ value: AnswerValue) -> RoomCommand { .answer(ann, AnswerSubmission(question: sequence, value: value, writtenAt: 0, rttMs: 0)) }
        game.expectRefused(submit(.phrase("   ")), code: "invalid_answer")
        game.expectRefused(submit(.phrase(String(repeating: "x", count: 201))), code: "invalid_answer")
        game.expectRefused(submit(.text("Paris")), code: "invalid_answer")
        try game.send(submit(.phrase("  Paris   by  night ")))
        #expect(game.room.currentQuestion!.answers[ann]!.value == .phrase("Paris by night"))
    }

    @Test func theRevealShowsTheTenBiggestGroupsAndCountsTheRest() throws {
        let answers = ["Paris", "paris", "PARIS", "Lyon", "lyon"] + (1...11).map { "City \($0)" }
        let (game, ids) = try play(Survey(scoring: .poll, display: .cloud), answers)
        let reveal = try #require(game.room.revealView(sequence: 0))
        let groups = try #require(reveal.groups)
        #expect(groups.display == .cloud)
        #expect(groups.groups.count == 10)
        #expect(groups.more == 3)
        #expect(groups.groups.prefix(3).map(\.count) == [3, 2, 1])
        #expect(groups.groups[0].text == "PARIS" || groups.groups[0].text == "Paris" || groups.groups[0].text == "paris")
        #expect(reveal.correct == .none)
        // Each phone gets its own group and its size, whether or not the reveal names it.
        #expect(game.room.result(for: ids[1], sequence: 0)?.group?.count == 3)
        #expect(game.room.result(for: ids[15], sequence: 0)?.group?.text == "City 11")
        // A poll: counted, no points, no streak broken.
        #expect(game.room.result(for: ids[0], sequence: 0)?.outcome == .counted)
        #expect(ids.allSatisfy { game.score($0) == 0 })
    }

    // MARK: - Scoring

    @Test func popularScoresInProportionToTheGroupsSize() throws {
        // 10 answers: Paris 6, Lyon 3, Nice 1 (docs/kinds-typed.md's example), all at full speed.
        let answers = Array(repeating: "Paris", count: 6) + Array(repeating: "lyon", count: 3) + ["Nice"]
        let (game, ids) = try play(Survey(scoring: .popular), answers)
        #expect(game.score(ids[0]) == 1000)
        #expect(game.score(ids[6]) == 500)
        #expect(game.score(ids[9]) == 167)
        #expect(game.room.result(for: ids[0], sequence: 0)?.outcome == .correct)
        #expect(game.room.result(for: ids[6], sequence: 0)?.outcome == .partial)
    }

    @Test func rareScoresOnlyAcceptedAnswersAndTheFewerTheMore() throws {
        // N = 10, accepted Paris, Lyon, Lille: Paris 5, Lyon 3, Lille 1, Nice 1 (not accepted).
        let answers = Array(repeating: "Paris", count: 5) + Array(repeating: "Lyon", count: 3) + ["lille", "Nice"]
        let (game, ids) = try play(Survey(scoring: .rare, accepted: ["Paris", "Lyon", "Lille"]), answers)
        #expect(game.score(ids[0]) == 600)
        #expect(game.score(ids[5]) == 800)
        #expect(game.score(ids[8]) == 1000)
        #expect(game.score(ids[9]) == 0)
        #expect(game.room.result(for: ids[8], sequence: 0)?.outcome == .correct)
        #expect(game.room.result(for: ids[9], sequence: 0)?.outcome == .wrong)
        #expect(game.room.revealView(sequence: 0)?.correct == .text(["Paris", "Lyon", "Lille"]))
        #expect(game.room.revealView(sequence: 0)?.groups?.groups.first { $0.text == "Lille" }?.scored == true)  // named as the pack spells it
    }

    // MARK: - Merging

    @Test func theHostMergesTwoGroupsBeforeTheRevealAndReplayAppliesIt() throws {
        var (game, ids) = try play(Survey(scoring: .rare, accepted: ["Paris"]), ["Paris", "Paris", "Pari", "Rome"], reveal: false)
        let events = try game.send(.mergeAnswers(question: 0, from: "pari", into: "PARIS"))
        #expect(events == [AnswersMerged(at: game.now, sequence: 0, from: SurveyKind.groupKey("Pari"), into: SurveyKind.groupKey("Paris")).event])
        #expect(game.room.liveGroups(sequence: 0)?.map(\.count) == [3, 1])
        #expect(game.room.liveGroups(sequence: 0)?.first?.text == "Paris")
        try game.send(.reveal)
        // "Pari" now counts as "Paris": accepted, in a group of 3 of 4 answers.
        #expect(game.score(ids[2]) == game.score(ids[0]))
        #expect(game.score(ids[2]) == 500)
        #expect(game.room.result(for: ids[2], sequence: 0)?.group?.text == "Paris")
        #expect(try Room.replay(game.log) == game.room)
        // A log line round-trips through the archive's JSON.
        let line = try JSONEncoder().encode(events[0])
        #expect(try JSONDecoder().decode(RoomEvent.self, from: line) == events[0])
    }

    @Test func refusesBadMergesWithAClearReasonAndChangesNothing() throws {
        var (game, _) = try play(Survey(), ["Paris", "Pari", "Rome"], reveal: false)
        game.expectRefused(.mergeAnswers(question: 0, from: "Lisbon", into: "Paris"), code: "cannot_merge")
        game.expectRefused(.mergeAnswers(question: 0, from: "Paris", into: "PARÍS"), code: "cannot_merge")
        game.expectRefused(.mergeAnswers(question: 5, from: "Pari", into: "Paris"), code: "unknown_question")
        do {
            _ = try game.room.handle(.mergeAnswers(question: 0, from: "Lisbon", into: "Paris"), at: game.now)
        } catch {
            #expect(error.description == #"Cannot merge those answers: no answer is in the group "Lisbon"."#)
        }
        try game.send(.mergeAnswers(question: 0, from: "Pari", into: "Paris"))
        // The merged group is gone: naming it now names the group it went into.
        game.expectRefused(.mergeAnswers(question: 0, from: "Pari", into: "Paris"), code: "cannot_merge")
        try game.send(.reveal)
        game.expectRefused(.mergeAnswers(question: 0, from: "Rome", into: "Paris"), code: "cannot_merge")
        // Not a survey.
        var other = try GameHarness(pack: GameHarness.singleQuestionPack(.text(accepted: ["Paris"])))
        let ann = try other.join("Ann")
        try other.send(.start)
        other.openAnswers()
        try other.answer(ann, .text("Paris"))
        other.expectRefused(.mergeAnswers(question: 0, from: "Paris", into: "Paris"), code: "cannot_merge")
    }

    @Test func aLoggedMergeWithAnOverlongKeyIsNotReplayed() throws {
        var (game, _) = try play(Survey(), ["Paris", "Pari"], reveal: false)
        try game.send(.mergeAnswers(question: 0, from: "Pari", into: "Paris"))
        var log = game.log
        log[log.count - 1] = AnswersMerged(at: game.now, sequence: 0, from: String(repeating: "x", count: 5000), into: "paris").event
        #expect(throws: GameError.self) { try Room.replay(log) }
        // Merges that would loop (only a damaged log could hold them) are ignored, not followed forever.
        var entry = game.room.asked[0]
        entry.mergeAnswers(from: "paris", into: "pari")
        #expect(entry.group(of: "pari") == entry.group(of: "paris"))
    }

    // MARK: - CSV

    @Test func importsASurveyRowFromItsAnswerCell() throws {
        let csv = """
        kind,category,text,answer
        survey,Travel,Name a city in France.,rare cloud: Paris | Lyon
        survey,Fun,Best biscuit?,popular
        survey,Fun,Tea or coffee?,
        """
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "Night").document)
        #expect(pack.rounds[0].questions.map(\.content) == [
            .survey(Survey(scoring: .rare, accepted: ["Paris", "Lyon"], display: .cloud)),
            .survey(Survey(scoring: .popular)),
            .survey(Survey()),
        ])
        #expect(throws: CSVImporter.ImportError.self) {
            try CSVImporter.packDocument(from: Array("kind,text,answer\nsurvey,Q?,most: Paris\n".utf8), title: "T")
        }
    }
}
