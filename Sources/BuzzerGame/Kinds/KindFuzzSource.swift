/// The random draws a kind's fuzz questions and answers are made of. The protocol fuzzer's
/// `FuzzSource` conforms, so a kind writes its own fuzz cases without knowing the fuzzer.
package protocol KindFuzzSource {
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool
    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int
    mutating func bool() -> Bool
    /// 0, ±1, the ends of `Int`, or a small number.
    mutating func boundaryInt() -> Int
    /// A double where code breaks (±0, huge, tiny; NaN and ±infinity when `nonFinite`).
    mutating func boundaryDouble(nonFinite: Bool) -> Double
    /// `0..<count` in a random order.
    mutating func shuffled(_ count: Int) -> [Int]
    /// Anything a player might type, from empty to huge.
    mutating func anyText() -> String
    /// A pack's text field of up to `maxLength` characters; a `wild` pack's may break the rules.
    mutating func packText(_ maxLength: Int, wild: Bool) -> String
    /// A list of options or items, `count` of them (a `wild` pack's now and then huge).
    mutating func tileTexts(count: Int, wild: Bool) -> [String]
}

extension KindFuzzSource {
    package mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }

    /// Two to six options; a `wild` pack's sometimes none, one, or too many.
    mutating func options(wild: Bool) -> [String] {
        tileTexts(count: wild && chance(0.3) ? pick([0, 1, 7, 50]) : int(2...6), wild: wild)
    }

    /// A displayed position: mostly one of `count`, now and then a boundary.
    mutating func position(_ count: Int) -> Int { chance(0.9) && count > 0 ? int(0...count - 1) : boundaryInt() }
}

extension KindFuzzSource {
    /// A number as a hostile client writes it: in range, at the ends of `Int` and `Double`, fractions, -0, exponents.
    package mutating func numberLiteral() -> String {
        pick([
            "0", "-0", "1", "-1", "1.0", "0.5", "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "9223372036854775807",
            "9223372036854775808", "1000000000", "1000000001", "-1000000000", "-1000000001",
            "9007199254740993", "1e9", "2147483648", "600", "601", "1E2", "-9223372036854775808", "-9223372036854775809",
            "1000000000000000", "1000000000000001",
        ])
    }
}
