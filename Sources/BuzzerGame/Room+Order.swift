/// Order questions: the pack lists the items in the right order, so the room must never show them
/// that way. Their display order is drawn like an option shuffle (from the room's seed and the
/// question's sequence) and logged in `question_shown`, so replay shows the same order.
extension Room {
    /// The items' display order: always shuffled, whatever `shuffleOptions` says, and never the
    /// right order when there are two or more items. A draw that lands on the right order is drawn
    /// again from the same stream, so every wrong order is equally likely (turning it by one place
    /// instead made that one order twice as likely, and a fixed guess beat chance). The first draw
    /// is the option shuffle's, so only the games whose draw was the right order change; old logs
    /// replay regardless, since `question_shown` records the order and replay reads it from there.
    static func orderPermutation(count: Int, seed: UInt64, sequence: Int) -> [Int] {
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
    static func canonicalOrder(_ positions: [Int], permutation: [Int]) throws(GameError) -> [Int] {
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
        return mapped
    }

    /// Why a logged order answer could not have been accepted; nil when it could.
    static func orderProblem(_ placed: [Int], itemCount: Int) -> String? {
        placed.sorted() == Array(0..<itemCount) ? nil : "its order is not an order of the question's \(itemCount) items"
    }

    /// Per displayed item, how many ranked players put it in its right place: the reveal's bars.
    func placedCounts(_ entry: AskedQuestion) -> [Int] {
        var counts = Array(repeating: 0, count: entry.permutation.count)
        let displayed = Dictionary(uniqueKeysWithValues: entry.permutation.enumerated().map { ($1, $0) })
        for (id, answer) in entry.answers where isRanked(id) {
            guard case .order(let placed) = answer.value else { continue }
            for (place, item) in placed.enumerated() where place == item {
                if let position = displayed[item] { counts[position] += 1 }
            }
        }
        return counts
    }
}
