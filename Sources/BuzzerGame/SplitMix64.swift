/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator. The room's seed is in its
/// `room_created` event, so option shuffles are reproducible from the log alone.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A permutation of `0..<count` (Fisher-Yates) for the question asked `sequence`-th in a room
    /// seeded with `seed`; each question gets its own stream so one shuffle never shifts another.
    package static func permutation(count: Int, seed: UInt64, sequence: Int) -> [Int] {
        var generator = stream(seed: seed, sequence: sequence)
        return generator.permutation(count: count)
    }

    /// The generator of the question asked `sequence`-th in a room seeded with `seed`.
    package static func stream(seed: UInt64, sequence: Int) -> SplitMix64 {
        SplitMix64(seed: seed ^ (UInt64(sequence) &+ 1) &* 0xD1B5_4A32_D192_ED03)
    }

    /// The next permutation of `0..<count` (Fisher-Yates) from this generator.
    package mutating func permutation(count: Int) -> [Int] {
        var result = Array(0..<count)
        guard count > 1 else { return result }
        for i in stride(from: count - 1, to: 0, by: -1) {
            let j = Int(next() % UInt64(i + 1))
            result.swapAt(i, j)
        }
        return result
    }
}
