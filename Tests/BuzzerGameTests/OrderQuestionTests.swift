import Foundation
import Testing
@testable import BuzzerGame
import BuzzerFormats
import BuzzerGameJSON

/// Order questions (put 3–6 items in order) and the partial-credit rules of multi and order questions.
@Suite struct OrderQuestionTests {
    static let planets = ["Mercury", "Venus", "Earth", "Mars"]

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func orderPack(partialCredit: PartialCredit? = nil, questionCredit: PartialCredit? = nil, count: Int = 1) -> QuestionPack {
        QuestionPack(title: "Order", rounds: [PackRound(title: "Only", questions: Array(repeating: Question(
            category: "Space", text: "Nearest the Sun first", content: .order(items: Self.planets), partialCredit: questionCredit), count: count))],
            partialCredit: partialCredit)
    }

    /// The displayed positions that put the items in the right order (what the host sees as `correct`).
    private func rightOrder(_ game: GameHarness) -> [Int] {
        guard case .kind(_, let own as OrderRevealed) = game.room.hostQuestionView!.correct else { return [] }
        return own.order
    }

    // MARK: - The pack format

    @Test func decodesOrderQuestionsAndPartialCreditAndRoundTrips() throws {
        let json = """
        {"title":"T","partialCredit":"allOrNothing","questions":[
          {"kind":"order","category":"Space","text":"Nearest the Sun first","items":["Mercury","Venus","Earth","Mars"]},
          {"kind":"multi","category":"Science","text":"Noble gases?","options":["Neon","Iron","Argon"],"answer":[0,2],"partialCredit":"perItem"}
        ]}
        """
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.partialCredit == .allOrNothing)
        #expect(pack.rounds[0].questions[0].content == .order(items: Self.planets))
        #expect(pack.partialCredit(for: pack.rounds[0].questions[0]) == .allOrNothing)
        #expect(pack.partialCredit(for: pack.rounds[0].questions[1]) == .perItem)
        #expect(try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack)) == pack)
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
        #expect(pack.prettyJSON().contains(#""items": ["Mercury", "Venus", "Earth", "Mars"]"#))
        #expect(QuestionPack(title: "T", questions: pack.rounds[0].questions).partialCredit(for: pack.rounds[0].questions[0]) == .perItem)
    }

    @Test func reportsOrderAndPartialCreditMistakesWithPaths() {
        let found = errors("""
        {"title":"T","partialCredit":"some","questions":[
          {"kind":"order","category":"C","text":"Q","items":["One","Two"]},
          {"kind":"order","category":"C","text":"Q","items":["Rome","rome ","Paris"," "]},
          {"kind":"order","category":"C","text":"Q","items":["A","B","C"],"answer":[0,1,2]},
          {"kind":"order","category":"C","text":"Q","options":["A","B","C"]},
          {"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"items":["A","B","C"],"partialCredit":"perItem"},
          {"kind":"order","category":"C","text":"Q","items":["A","B","C","D","E","F","G"]}
        ]}
        """)
        #expect(found == [
            #"partialCredit: expected perItem or allOrNothing, found "some""#,
            "questions[0].items: has 2 items; order questions need 3 to 6",
            #"questions[1].items: two items are identical ("rome ")"#,
            "questions[1].items[3]: must not be empty",
            "questions[2].answer: order questions have no answer: list the items in the right order",
            #"questions[3].options: order questions take no options; list them as "items", in the right order"#,
            #"questions[3]: missing field "items" (order questions need 3 to 6, in the right order)"#,
            "questions[4].partialCredit: only multi and order questions take partial credit",
            "questions[4].items: choice questions take no items",
            "questions[5].items: has 7 items; order questions need 3 to 6",
        ])
        // A pack built in code gets the same checks.
        var pack = orderPack()
        pack.rounds[0].questions[0].content = .order(items: ["Été", "ete", "Winter"])
        pack.rounds[0].questions.append(Question(category: "C", text: "Q", content: .truefalse(answer: true), partialCredit: .perItem))
        #expect(pack.validate().map(\.description) == [
            #"rounds[0].questions[0].items: two items are identical ("ete")"#,
            "rounds[0].questions[1].partialCredit: only multi and order questions take partial credit",
        ])
    }

    // MARK: - The shown order

    @Test func itemsAreNeverShownInTheRightOrderAndTheOrderIsLogged() throws {
        for seed in UInt64(0)..<200 {
            for count in 3...6 {
                let permutation = OrderKind.orderPermutation(count: count, seed: seed, sequence: Int(seed % 7))
                #expect(permutation.sorted() == Array(0..<count))
                #expect(permutation != Array(0..<count), "seed \(seed), \(count) items")
                #expect(permutation == OrderKind.orderPermutation(count: count, seed: seed, sequence: Int(seed % 7)))
            }
        }
        // Shuffled even with shuffleOptions off, the same on every screen, and logged in question_shown.
        var settings = RoomSettings()
        settings.shuffleOptions = false
        var game = try GameHarness(pack: orderPack(), settings: settings)
        _ = try game.join("Ann")
        try game.send(.start)
        let view = game.room.questionView!
        #expect(view.kind == .order)
        #expect(view.options != Self.planets)
        #expect(view.options.sorted() == Self.planets.sorted())
        let shown = game.log.compactMap { if case .questionShown(let e) = $0 { e } else { nil } }.first!
        #expect(shown.permutation.map { Self.planets[$0] } == view.options)
        #expect(rightOrder(game).map { view.options[$0] } == Self.planets)
    }

    /// Every wrong order is equally likely: a chi-square test over all `count! - 1` wrong orders
    /// with fixed seeds (deterministic). Turning a right-order draw by one place made that order
    /// twice as likely: over 900 three-item questions "last shown first" scored 321 times, chance 150.
    @Test(arguments: [(3, 6_000, 18.47), (4, 23_000, 48.27)])
    func everyWrongOrderIsEquallyLikely(count: Int, draws: Int, critical: Double) {
        // `critical`: the chi-square value with count! - 2 degrees of freedom exceeded with chance 0.001.
        var tally: [[Int]: Int] = [:]
        for i in 0..<draws {
            let seed = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 &+ 17
            tally[OrderKind.orderPermutation(count: count, seed: seed, sequence: i % 40), default: 0] += 1
        }
        let wrongOrders = (1...count).reduce(1, *) - 1
        #expect(tally.count == wrongOrders)
        #expect(tally[Array(0..<count)] == nil)
        let expected = Double(draws) / Double(wrongOrders)
        let chiSquare = tally.values.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(chiSquare < critical, "chi-square \(chiSquare) over \(wrongOrders) wrong orders of \(count) items")
        // The fixed guess "last shown first, then the rest as shown" scores no better than chance.
        let rotated = Array(1..<count) + [0]
        #expect(Double(tally[rotated] ?? 0) < expected * 1.2)
    }

    // MARK: - Answers

    @Test func refusesOrdersThatDoNotPlaceEveryItemOnce() throws {
        var game = try GameHarness(pack: orderPack())
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        let sequence = game.room.currentQuestion!.sequence
        func submit(_ order: [Int]) -> RoomCommand {
            .answer(ann, AnswerSubmission(question: sequence, value: .ranking(order), writtenAt: game.room.currentQuestion!.shownAt, rttMs: 0))
        }
        for bad in [[0, 1, 2], [0, 1, 2, 3, 0], [0, 1, 1, 2], [0, 1, 2, 4], [], [0, 1, 2, -1]] {
            game.expectRefused(submit(bad), code: "invalid_answer")
        }
        game.expectRefused(.answer(ann, AnswerSubmission(question: sequence, value: .options([0, 1]), writtenAt: 0, rttMs: 0)), code: "invalid_answer")
        try game.send(submit([3, 2, 1, 0]))
        // Recorded in pack item indices, shown back in the displayed positions the player sent.
        let permutation = game.room.currentQuestion!.permutation
        #expect(game.room.currentQuestion!.answers[ann]!.value == .ranking([3, 2, 1, 0].map { permutation[$0] }))
        #expect(game.room.lockedAnswer(of: ann, sequence: sequence) == .ranking([3, 2, 1, 0]))
    }

    @Test func checksOrderAnswersWhereTheyEnter() throws {
        func read(_ json: String, _ bounds: AnswerValue.JSONBounds = .client) -> Result<AnswerValue, JSONFieldError> {
            do { return .success(try AnswerValue(json: try! JSONParser.parse(Array(json.utf8)), bounds: bounds)) } catch { return .failure(error) }
        }
        #expect(try read(#"{"kind":"order","order":[2,0,1]}"#).get() == .ranking([2, 0, 1]))
        #expect(read(#"{"kind":"order","order":[1,1,0]}"#) == .failure(JSONFieldError(#""answer.order" must name each item once"#)))
        #expect(read(#"{"kind":"order","order":[0,64]}"#) == .failure(JSONFieldError(#""answer.order[]" must be 0 to 63"#)))
        #expect(read(#"{"kind":"order","order":[0.5]}"#) == .failure(JSONFieldError(#""answer.order[]" must be a whole number"#)))
        #expect(read(#"{"kind":"order"}"#) == .failure(JSONFieldError("answer.order must be an array of item numbers")))
        let tooMany = "[" + (0..<65).map(String.init).joined(separator: ",") + "]"
        #expect(read(#"{"kind":"order","order":\#(tooMany)}"#) == .failure(JSONFieldError(#""answer.order" has more than 64 items"#)))
        // The log's answers are taken as written, and checked against their question by `logProblem`.
        #expect(try read(#"{"kind":"order","order":[1,1,0]}"#, .log).get() == .ranking([1, 1, 0]))
        // The fast path of replay reads the layout the log writes.
        var bytes: [UInt8] = []
        AnswerValue.ranking([3, 0, 2, 1]).appendJSON(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"kind":"order","order":[3,0,2,1]}"#)
        let fast = bytes.withUnsafeBytes { raw -> AnswerValue? in
            var cursor = JSONByteCursor(raw)
            return AnswerValue(exactLayout: &cursor)
        }
        #expect(fast == .ranking([3, 0, 2, 1]))
    }

    @Test func aLoggedOrderThatPlacesAnItemTwiceIsNotReplayed() throws {
        var game = try GameHarness(pack: orderPack())
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .ranking(rightOrder(game)), afterOpenMs: 500)
        var log = game.log
        guard let index = log.lastIndex(where: { if case .answerRecorded = $0 { true } else { false } }),
              case .answerRecorded(var recorded) = log[index] else { Issue.record("no answer"); return }
        recorded.answer = .ranking([0, 0, 1, 2])
        log[index] = .answerRecorded(recorded)
        #expect(throws: GameError.self) { try Room.replay(log) }
        do { _ = try Room.replay(log) } catch { #expect(error.description.contains("its order is not an order of the question's 4 items")) }
    }

    // MARK: - Scoring

    @Test func orderCreditPerItemAndAllOrNothing() {
        #expect(Scoring.orderCredit(placed: [0, 1, 2, 3], count: 4) == (4, 4))
        #expect(Scoring.orderCredit(placed: [0, 1, 3, 2], count: 4) == (2, 4))
        #expect(Scoring.orderCredit(placed: [1, 2, 3, 0], count: 4) == (0, 4))
        #expect(Scoring.orderCredit(placed: [0, 1, 2], count: 4) == (0, 4))
        #expect(Scoring.orderCredit(placed: [0, 1, 2, 3], count: 4, rule: .allOrNothing) == (1, 1))
        #expect(Scoring.orderCredit(placed: [0, 1, 3, 2], count: 4, rule: .allOrNothing) == (0, 1))
        // Multi: today's rule per item; all or nothing wants exactly the right set.
        #expect(Scoring.multiCredit(picked: [0], correct: [0, 2]) == (1, 2))
        #expect(Scoring.multiCredit(picked: [0], correct: [0, 2], rule: .allOrNothing) == (0, 1))
        #expect(Scoring.multiCredit(picked: [2, 0], correct: [0, 2], rule: .allOrNothing) == (1, 1))
        #expect(Scoring.multiCredit(picked: [0, 1, 2], correct: [0, 2], rule: .allOrNothing) == (0, 1))
    }

    /// Ann right, Bob with two of four in place, Cid all wrong; all within the full-points time.
    private func playOrder(_ pack: QuestionPack) throws -> (game: GameHarness, scores: [Int], outcomes: [AnswerOutcome?]) {
        var game = try GameHarness(pack: pack)
        let players = [try game.join("Ann"), try game.join("Bob"), try game.join("Cid")]
        try game.send(.start)
        game.openAnswers()
        let right = rightOrder(game)
        try game.answer(players[0], .ranking(right), afterOpenMs: 100)
        try game.answer(players[1], .ranking([right[0], right[1], right[3], right[2]]), afterOpenMs: 200)
        try game.answer(players[2], .ranking([right[1], right[2], right[3], right[0]]), afterOpenMs: 300)
        try game.send(.reveal)
        let sequence = game.room.currentQuestion!.sequence
        return (game, players.map(game.score), players.map { game.room.result(for: $0, sequence: sequence)?.outcome })
    }

    @Test func scoresOrderPerItemByDefault() throws {
        let (game, scores, outcomes) = try playOrder(orderPack())
        #expect(scores == [1000, 500, 0])
        #expect(outcomes == [.correct, .partial, .wrong])
        let reveal = game.room.revealView(sequence: 0)!
        #expect(reveal.correct == .order(rightOrder(game)))
        #expect(reveal.rightCount == 1)
        #expect(reveal.answered == 3)
        // Per displayed item, how many put it in its right place: Ann all four, Bob the first two.
        let right = rightOrder(game)
        #expect(reveal.optionCounts[right[0]] == 2 && reveal.optionCounts[right[1]] == 2)
        #expect(reveal.optionCounts[right[2]] == 1 && reveal.optionCounts[right[3]] == 1)
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func allOrNothingFromThePackOrTheQuestion() throws {
        #expect(try playOrder(orderPack(partialCredit: .allOrNothing)).scores == [1000, 0, 0])
        #expect(try playOrder(orderPack(partialCredit: .allOrNothing)).outcomes == [.correct, .wrong, .wrong])
        #expect(try playOrder(orderPack(questionCredit: .allOrNothing)).scores == [1000, 0, 0])
        #expect(try playOrder(orderPack(partialCredit: .allOrNothing, questionCredit: .perItem)).scores == [1000, 500, 0])
    }

    @Test func multiAllOrNothingGivesNoPartPoints() throws {
        for (rule, expected) in [(PartialCredit?.none, [1000, 500, 0]), (.allOrNothing, [1000, 0, 0])] {
            var pack = GameHarness.singleQuestionPack(.multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2]))
            pack.partialCredit = rule
            var settings = RoomSettings()
            settings.shuffleOptions = false
            var game = try GameHarness(pack: pack, settings: settings)
            let players = [try game.join("Ann"), try game.join("Bob"), try game.join("Cid")]
            try game.send(.start)
            game.openAnswers()
            try game.answer(players[0], .options([0, 2]), afterOpenMs: 100)
            try game.answer(players[1], .options([0]), afterOpenMs: 100)
            try game.answer(players[2], .options([0, 1]), afterOpenMs: 100)
            try game.send(.reveal)
            #expect(players.map(game.score) == expected, "\(String(describing: rule))")
            #expect(try Room.replay(game.log) == game.room)
        }
    }

    @Test func flatModeFloorsOrderCredit() throws {
        var settings = RoomSettings()
        settings.scoring = .flat
        var game = try GameHarness(pack: orderPack(questionCredit: nil), settings: settings)
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        let right = rightOrder(game)
        try game.answer(ann, .ranking([right[0], right[1], right[2], right[3]]), afterOpenMs: 100)
        try game.send(.reveal)
        #expect(game.score(ann) == 1)
    }
}
