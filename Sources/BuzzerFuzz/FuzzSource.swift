import BuzzerApp
import BuzzerGame

/// The protocol fuzzer's random source: a seeded `SplitMix64` and generators that favour the values
/// where code breaks (0, ±1, the ends of `Int` and `Int64`, ±1e308, -0.0, empty and huge strings in
/// many scripts). Everything a run does comes from here, so a seed gives the same run every time.
struct FuzzSource {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(generator.next() >> 11) / Double(1 << 53) < p }

    mutating func bool() -> Bool { generator.next() & 1 == 1 }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }

    /// `0..<count` in a random order: an order question's answer.
    mutating func shuffled(_ count: Int) -> [Int] { Array(0..<max(0, count)).shuffled(using: &generator) }

    /// Index of one of `weights`, chosen in proportion to its weight (all zero: the first).
    mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var roll = int(0...total - 1)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }

    // MARK: - Numbers

    static let boundaryInts: [Int] = [
        0, 1, -1, 2, Int.max, Int.min, Int.max - 1, Int.min + 1, Int(Int32.max), Int(Int32.min),
        1_000_000_000, 1_000_000_001, -1_000_000_000, -1_000_000_001, 1_000_000, -1_000_000, 1_000_001, 1000, 999, 600, 601, 300,
        3600, 5, 4, 60_000, 9_007_199_254_740_993,
    ]

    /// An `Int` at or near a boundary, or a small one.
    mutating func boundaryInt() -> Int { chance(0.7) ? pick(Self.boundaryInts) : int(-10...10) }

    static let boundaryDurations: [GameDuration] = [
        0, 1, -1, 999, 1000, 1001, 600_000, 600_001, 3_600_000, 86_400_000, Int64.max, Int64.min, Int64.max - 1,
        Int64.min + 1, Int64.max / 2, Int64(Int32.max), 9_007_199_254_740_993,
    ]

    /// A duration (ms) at a boundary, or a small one.
    mutating func boundaryDuration() -> GameDuration {
        chance(0.7) ? pick(Self.boundaryDurations) : GameDuration(int(-2000...120_000))
    }

    /// Finite doubles at the edges of what JSON and arithmetic take; `nonFinite` adds NaN and ±∞.
    mutating func boundaryDouble(nonFinite: Bool = false) -> Double {
        var choices: [Double] = [
            0, -0.0, 1, -1, 0.5, 88, 1969, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, -.leastNormalMagnitude, 9.223372036854775807e18, -9.223372036854775808e18, 1e15 + 0.5,
        ]
        if nonFinite { choices += [.nan, .infinity, -.infinity] }
        return chance(0.7) ? pick(choices) : Double(int(-1_000_000...1_000_000)) / Double(pick([1, 10, 1000]))
    }

    // MARK: - Text

    /// Nicknames and team names that collide, look alike (Cyrillic, digits for letters) or differ only by case and spaces.
    static let names = [
        "Ada", "ada", " Ada ", "Аda", "B0b", "Bob", "Cy", "Dee", "Eve", "The Owls", "the  owls", "Owls", "Table 1", "Table 2",
        "Zoë", "Zoe\u{308}", "ﬁsh", "fish", "Ｗｉｄｅ", "李小龙", "محمد", "שרה", "👩‍👩‍👧‍👦", "🇫🇷", "badword", "b.a.d word",
    ]

    /// Pieces huge strings are built of: many scripts, combining marks, right-to-left, emoji, escapes.
    static let pieces = [
        "a", "Z", "9", " ", "  ", "\t", "\n", "\"", "\\", "/", "<script>", "é", "e\u{301}", "a\u{300}\u{301}\u{302}\u{303}", "Ω", "Ж",
        "日本語", "한국어", "ไทย", "हिन्दी", "العربية", "עברית", "\u{200F}", "\u{202E}", "\u{200D}", "\u{0}", "\u{7}", "\u{FEFF}", "😀",
        "👍🏽", "🏳️‍🌈", "𝕏", "\u{10FFFF}", "\u{FFFD}", "ß", "İ", "ﷺ",
    ]

    /// A string: empty, blank, a name, a mix of pieces, or (one in `24 × hugeOdds`) a huge one (10k+ characters).
    mutating func text(hugeOdds: Int = 1) -> String {
        switch weighted([3 * hugeOdds, 2 * hugeOdds, 10 * hugeOdds, 8 * hugeOdds, 1]) {
        case 0: return ""
        case 1: return pick([" ", "\t\n", "\u{3000}", "   "])
        case 2: return pick(Self.names)
        case 3: return mixed(count: int(1...40))
        default: return huge()
        }
    }

    /// `count` random pieces.
    mutating func mixed(count: Int) -> String {
        var out = ""
        for _ in 0..<count { out += pick(Self.pieces) }
        return out
    }

    /// 10,000 to 20,000 characters of mixed scripts (measured in scalars: counting characters is slow).
    mutating func huge() -> String {
        var out = mixed(count: 40)
        let target = int(12_000...24_000)
        while out.unicodeScalars.count < target { out += out }
        return String(String.UnicodeScalarView(out.unicodeScalars.prefix(target)))
    }

    /// Printable text of 1...`maxLength` characters that a pack or a name accepts (no control characters).
    mutating func cleanText(maxLength: Int) -> String {
        var out = pick(Self.printable)
        let length = int(1...max(1, min(maxLength, 30)))
        while out.unicodeScalars.count < length { out += pick(Self.printable) }
        return String(out.prefix(maxLength))
    }

    /// The pieces a name or a pack text may hold: no blanks, no control or format characters.
    static let printable = pieces.filter { piece in
        !piece.allSatisfy(\.isWhitespace) && !piece.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }
}

/// A kind's fuzz questions and answers (`QuestionKindModule.fuzzContent`, `fuzzAnswer`) draw from here.
extension FuzzSource: KindFuzzSource {
    mutating func anyText() -> String { text() }

    mutating func packText(_ maxLength: Int, wild: Bool) -> String {
        // Huge ones rarely: validating them is most of a refused create.
        if wild, chance(0.2) { return text(hugeOdds: 10) }
        // Long but legal text now and then: every question message carries it.
        if chance(0.02) { return String(mixed(count: maxLength).prefix(maxLength)).trimmingWhitespace(orElse: "x") }
        return cleanText(maxLength: maxLength)
    }

    mutating func tileTexts(count: Int, wild: Bool) -> [String] {
        var tiles: [String] = []
        for index in 0..<count { tiles.append(wild && chance(0.1) ? text(hugeOdds: 10) : "\(packText(20, wild: wild)) \(index)") }
        return tiles
    }
}
