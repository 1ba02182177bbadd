import BuzzerFormats
import Testing

/// The one decimal writer: integers exactly, doubles as `JSONEncoder` and the archive always wrote them.
struct JSONNumberTextTests {
    private static func text(_ body: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        body(&out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func writesIntegersAtTheirLimits() {
        for value: Int64 in [0, 7, 10, -1, -10, 1_795_416_062_339, .max, .min] {
            #expect(Self.text { JSONNumberText.append(value, to: &$0) } == String(value))
        }
        for value: UInt64 in [0, 9, 10, 4_294_967_296, .max] {
            #expect(Self.text { JSONNumberText.append(value, to: &$0) } == String(value))
        }
    }

    /// The integral shortcut must give what the shortest round-trip form gives, ".0" dropped.
    @Test func writesDoublesAsTheirShortestFormWithoutPointZero() {
        let values: [Double] = [0, -0.0, 1, -1, 2.5, 1969, 1969.5, -1e15, 1e15, 999_999_999_999_999, -999_999_999_999_999,
                                1e14, 1e16, 0.1, 1e-7, 123_456_789.25, Double(Int64.max), 9_007_199_254_740_992]
        for value in values {
            var expected = value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(Self.text { JSONNumberText.append(value, to: &$0) } == expected, "\(value)")
        }
    }
}
