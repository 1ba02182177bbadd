import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

/// A number question's reveal names the closest guesses and gives each player their guess's place
/// (issue 31, "Reveals that tell the story"); a pack may mark its numbers `plain` (a year).
@Suite struct NumberRevealTests {
    private static func pack(_ question: String) -> String {
        #"{"title":"Years","questions":[\#(question)]}"#
    }

    private static func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    // MARK: - The pack's `plain`

    @Test func aNumberQuestionReadsPlainAndKeepsItWhenWritten() throws {
        for (field, plain) in [(#","plain":true"#, Bool?.some(true)), (#","plain":false"#, false), ("", nil)] {
            let json = Self.pack(#"{"kind":"number","category":"Music","text":"Ninth Symphony?","answer":1824\#(field)}"#)
            let pack = try QuestionPack.decode(json: Array(json.utf8))
            #expect(pack.rounds[0].questions[0].content == .number(answer: 1824, plain: plain))
            // Written back as given: absent stays absent, so an old pack reads back as it was.
            #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
            #expect(try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack)) == pack)
            #expect(pack.prettyJSON().contains("plain") == (plain != nil))
        }
    }

    @Test func plainThatIsNotTrueOrFalseOrOnAnotherKindIsRefused() {
        #expect(Self.errors(Self.pack(#"{"kind":"number","category":"C","text":"Year?","answer":1824,"plain":"yes"}"#))
            == [#"questions[0].plain: expected true (write the numbers without separators, as a year) or false, found "yes""#])
        #expect(Self.errors(Self.pack(#"{"kind":"number","category":"C","text":"Year?","answer":1824,"plain":1}"#)).first?.hasPrefix("questions[0].plain: expected true") == true)
        #expect(Self.errors(Self.pack(#"{"kind":"text","category":"C","text":"Year?","answer":["1824"],"plain":true}"#)).contains { $0.hasPrefix("questions[0].plain") })
    }

    @Test func aFourDigitWholeAnswerIsPlainUnlessThePackSaysOtherwise() {
        #expect(NumberKind.isPlain(answer: 1824, plain: nil))
        #expect(NumberKind.isPlain(answer: -1200, plain: nil))
        #expect(!NumberKind.isPlain(answer: 1824, plain: false))
        #expect(NumberKind.isPlain(answer: 250_000, plain: true))
        for answer in [999, 10_000, 1824.5, 0, 1_000_000] { #expect(!NumberKind.isPlain(answer: answer, plain: nil), "\(answer)") }
        #expect(!ChoiceKind.writesPlainNumbers(.choice(options: ["1824", "1825"], answer: 0)))
    }

    @Test func theQuestionViewSaysPlainOnlyWhenTheNumbersArePlain() throws {
        for (content, plain) in [(QuestionContent.number(answer: 1824), Bool?.some(true)), (.number(answer: 250_000, plain: true), true),
                                 (.number(answer: 1824, plain: false), nil), (.number(answer: 250_000), nil), (.truefalse(answer: true), nil)] {
            var game = try GameHarness(pack: GameHarness.singleQuestionPack(content))
            _ = try game.join("Ann")
            try game.send(.start)
            #expect(game.room.questionView?.plain == plain, "\(content)")
            let encoded = String(decoding: try JSONEncoder().encode(game.room.questionView!), as: UTF8.self)
            #expect(encoded.contains(#""plain":true"#) == (plain == true))
        }
    }

    // MARK: - The reveal

    /// Seven guesses at 1824: two spot on (a tie), then 3, 26, 29, 34 and 200 away.
    private static func played() throws -> (game: GameHarness, ids: [String: PlayerID]) {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.number(answer: 1824, plain: true)))
        let guesses: [(String, Double)] = [("Ada", 1850), ("Zoë", 1824), ("Siobhán", 1827), ("Ngozi", 1795), ("Jürgen", 1790), ("Bob", 2024), ("Kit", 1824)]
        var ids: [String: PlayerID] = [:]
        for (name, _) in guesses { ids[name] = try game.join(name) }
        ids["Late"] = try game.join("Late")
        try game.send(.start)
        game.openAnswers()
        for (k, (name, guess)) in guesses.enumerated() { try game.answer(ids[name]!, .number(guess), afterOpenMs: 100 + GameDuration(k) * 10) }
        try game.send(.reveal)
        return (game, ids)
    }

    @Test func theRevealNamesTheFiveClosestGuessesClosestFirst() throws {
        let (game, ids) = try Self.played()
        let closest = try #require(game.room.revealView(sequence: 0)?.closest)
        #expect(closest.map(\.nickname) == ["Zoë", "Kit", "Siobhán", "Ada", "Ngozi"])
        #expect(closest.map(\.value) == [1824, 1824, 1827, 1850, 1795])
        #expect(closest.map(\.distance) == [0, 0, 3, 26, 29])
        // The tie is broken by player number, as pins are.
        #expect(closest[0].player == ids["Zoë"]!.rawValue && closest[1].player == ids["Kit"]!.rawValue)
        let encoded = String(decoding: try JSONEncoder().encode(closest[3]), as: UTF8.self)
        #expect(encoded.contains(#""nickname":"Ada""#) && encoded.contains(#""distance":26"#))
    }

    @Test func eachPlayerGetsTheirGuesssPlaceWithTiesSharingOne() throws {
        let (game, ids) = try Self.played()
        let places = ["Zoë": 1, "Kit": 1, "Siobhán": 3, "Ada": 4, "Ngozi": 5, "Jürgen": 6, "Bob": 7]
        for (name, place) in places { #expect(game.room.result(for: ids[name]!, sequence: 0)?.place == place, "\(name)") }
        // No guess, no place; and the batch of a reveal agrees with one at a time.
        #expect(game.room.result(for: ids["Late"]!, sequence: 0)?.place == nil)
        let batch = game.room.results(for: ids.values.sorted { $0.rawValue < $1.rawValue }, sequence: 0, rank: { _ in nil })
        for (id, result) in batch { #expect(result.place == game.room.result(for: id, sequence: 0, rank: nil)?.place) }
    }

    @Test func aReplayRevealsTheSameClosestGuessesAndPlaces() throws {
        let (game, ids) = try Self.played()
        let replayed = try Room.replay(game.log)
        #expect(replayed == game.room)
        #expect(replayed.revealView(sequence: 0) == game.room.revealView(sequence: 0))
        for id in ids.values { #expect(replayed.result(for: id, sequence: 0)?.place == game.room.result(for: id, sequence: 0)?.place) }
    }

    @Test func otherKindsRevealNoClosestGuessesOrPlaces() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)))
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 100)
        try game.send(.reveal)
        #expect(game.room.revealView(sequence: 0)?.closest == nil && game.room.result(for: ann, sequence: 0)?.place == nil)
        let encoded = String(decoding: try JSONEncoder().encode(game.room.revealView(sequence: 0)!), as: UTF8.self)
        #expect(!encoded.contains("closest"))
    }
}
