/// `order`: items to put in order. The pack lists the items in the right order, so the room must
/// never show them that way. Their display order is drawn like an option shuffle (from the room's
/// seed and the question's sequence) and logged in `question_shown`, so replay shows the same order.
package enum OrderKind: QuestionKindModule {
    package static let name = "order"
    package static var answerShape: AnswerShape { .ranking }
    package static var hasPartialCredit: Bool { true }
    package static var tilesInPackOrderAreTheAnswer: Bool { true }

    package static func tiles(_ content: QuestionContent) -> [String] {
        guard case let items? = content.order else { return [] }
        return items
    }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let items? = content.order else { return }
        collector.checkItems(items, at: "\(path).items")
    }

    /// Always shuffled, whatever `shuffleOptions` says.
    package static func permutation(tileCount: Int, seed: UInt64, sequence: Int, shuffle: Bool) -> [Int] {
        orderPermutation(count: tileCount, seed: seed, sequence: sequence)
    }

    /// The items' display order: never the right order when there are two or more items. A draw
    /// that lands on the right order is drawn again from the same stream, so every wrong order is
    /// equally likely (turning it by one place instead made that one order twice as likely, and a
    /// fixed guess beat chance). The first draw is the option shuffle's, so only the games whose draw
    /// was the right order change; old logs replay regardless, since `question_shown` records the
    /// order and replay reads it from there.
    package static func orderPermutation(count: Int, seed: UInt64, sequence: Int) -> [Int] {
        var generator = SplitMix64.stream(seed: seed, sequence: sequence)
        let identity = Array(0..<count)
        var drawn = generator.permutation(count: count)
        // Each draw is the right order with chance 1/count! <= 1/2, so this ends after a few draws;
        // the bound only keeps the loop finite (64 right orders in a row: chance 2^-64 at worst).
        var draws = 1
        while count > 1, drawn == identity, draws < 64 {
            drawn = generator.permutation(count: count)
            draws += 1
        }
        guard count > 1, drawn == identity else { return drawn }
        return Array(drawn[1...] + drawn[..<1])
    }

    /// A player's order in displayed positions, checked (every item exactly once) and mapped to pack item indices.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .ranking(let positions) = value else { throw wrongShape(value) }
        let count = permutation.count
        guard positions.count == count else { throw .invalidAnswer("put all \(count) items in order (found \(positions.count))") }
        var seen = Set<Int>()
        var mapped: [Int] = []
        mapped.reserveCapacity(count)
        for position in positions {
            guard (0..<count).contains(position) else { throw .invalidAnswer("item \(position) does not exist") }
            guard seen.insert(position).inserted else { throw .invalidAnswer("item \(position) is placed twice") }
            mapped.append(permutation[position])
        }
        return .ranking(mapped)
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .ranking(let placed) = answer else { return nil }
        return placed.sorted() == Array(0..<tileCount) ? nil : "its order is not an order of the question's \(tileCount) items"
    }

    package static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue {
        guard case .ranking(let indices) = value else { return value }
        return .ranking(indices.map { shown($0, permutation) })
    }

    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case let items? = content.order else { return { _ in (0, 1) } }
        let count = items.count
        return { recorded in
            guard case .ranking(let placed) = recorded.value else { return (0, 1) }
            return Scoring.orderCredit(placed: placed, count: count, rule: partialCredit)
        }
    }

    package static var revealedAnswerType: (any KindRevealedAnswer.Type)? { OrderRevealed.self }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let items? = content.order else { return .none }
        return .order(items.indices.map { shown($0, permutation) })
    }

    /// Per displayed item, how many ranked players put it in its right place: the reveal's bars.
    package static func revealCounts(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> (options: [Int], trueFalse: [Int]) {
        let counts = optionCounts(entry, isRanked: isRanked) { value, count in
            guard case .ranking(let placed) = value else { return }
            for (place, item) in placed.enumerated() where place == item { count(item) }
        }
        return (counts, [])
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .ranking(let indices) = value else { return "" }
        return indices.map { tile($0, tiles) }.joined(separator: " > ")
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let items? = content.order else { return "" }
        return items.joined(separator: " > ")
    }

    /// The items in their right order (the pack's), each normalized.
    package static func fingerprintAnswer(_ content: QuestionContent) -> String {
        tiles(content).map(TextNormalizer.answerKey).joined(separator: ">")
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let items? = content.order else { return .ranking([]) }
        var placed = Array(items.indices)
        if !right, placed.count > 1 { placed.swapAt(0, 1 + Int(rng.next() % UInt64(placed.count - 1))) }
        return .ranking(placed.map { shown($0, permutation) })
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let count = wild && source.chance(0.3) ? source.pick([0, 1, 2, 7]) : source.int(3...6)
        return .order(items: source.tileTexts(count: count, wild: wild))
    }

    /// The right order now and then; else a shuffle of the displayed positions, sometimes short, long or with a repeat.
    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        if source.chance(0.3) { return rightAnswer(content, permutation: permutation) }
        var placed = source.shuffled(permutation.count)
        if source.chance(0.1) { placed.append(source.position(permutation.count)) }
        if source.chance(0.1), !placed.isEmpty { placed.removeLast() }
        return .ranking(placed)
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        .ranking(tiles(content).indices.map { shown($0, permutation) })
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue {
        .ranking((0..<source.int(0...6)).map { _ in source.chance(0.8) ? source.int(0...6) : source.boundaryInt() })
    }
}

extension QuestionKind {
    package static let order = QuestionKind(OrderKind.self)
}

/// An order question's items, in the right order.
package struct OrderContent: KindContent, Equatable {
    package var items: [String]
}

extension QuestionContent {
    /// Items to put in order, listed in the right order; players see them shuffled.
    package static func order(items: [String]) -> QuestionContent { QuestionContent(.order, OrderContent(items: items)) }
    /// An order question's items; nil for other kinds.
    package var order: [String]? { payload(.order, as: OrderContent.self)?.items }
}

/// A order question's right answer in a reveal (the items in their right order, as displayed positions), written as `{"kind":"order","order":[2,0,1]}`.
package struct OrderRevealed: KindRevealedAnswer, Equatable {
    package var order: [Int]
}

extension RevealedAnswer {
    /// A order question's right answer: the items in their right order, as displayed positions.
    package static func order(_ order: [Int]) -> RevealedAnswer { .kind(.order, OrderRevealed(order: order)) }
}
