import BuzzerFormats
import BuzzerGame

/// Raw answer JSON as a hostile client writes it, for the protocol fuzzer: each kind's JSON half
/// writes its own fields (`QuestionKindJSON.hostileAnswer`) from these pieces, so a new kind's
/// answers are fuzzed as raw JSON as soon as it is registered.
enum HostileAnswerJSON {
    /// `{"kind":…,<members>}`: mostly the kind's answer shape, now and then the kind's own name (a
    /// slider's answer sent as `"slider"`, which no shape has).
    static func object(_ kind: any QuestionKindJSON.Type, _ members: String, source: inout some KindFuzzSource) -> String {
        let name = source.chance(0.9) ? kind.answerShape.name : kind.name
        return #"{"kind":\#(string(name)),\#(members)}"#
    }

    /// An integer: in `range` with probability `odds`, else a boundary literal.
    static func int(_ range: ClosedRange<Int>, odds: Double, source: inout some KindFuzzSource) -> String {
        source.chance(odds) ? "\(source.int(range))" : source.numberLiteral()
    }

    /// An array of `int`s: up to six, now and then a thousand (far past every limit).
    static func ints(_ range: ClosedRange<Int>, odds: Double, source: inout some KindFuzzSource) -> String {
        let count = source.chance(0.05) ? 1000 : source.int(0...6)
        var items: [String] = []
        for _ in 0..<count { items.append(int(range, odds: odds, source: &source)) }
        return "[\(items.joined(separator: ","))]"
    }

    /// Typed text: "yes", anything, or one byte past the wire's limit.
    static func text(source: inout some KindFuzzSource) -> String {
        if source.chance(0.02) { return string(String(repeating: "x", count: InputBounds.Bytes.text + 1)) }
        return string(source.chance(0.5) ? "yes" : source.anyText())
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var json = JSONPrettyPrinter.print(.string(text))
        json.removeLast()  // its final newline
        return json
    }

    /// Any value printed compactly (a kind's `wildAnswer` through its own codec).
    static func print(_ value: JSONValue) -> String {
        var json = JSONPrettyPrinter.print(value)
        json.removeLast()  // its final newline
        return json
    }
}

extension QuestionKind {
    /// A raw answer object of this kind as a hostile client writes it (`QuestionKindJSON.hostileAnswer`).
    package func hostileAnswerJSON(source: inout some KindFuzzSource) -> String { json.hostileAnswer(source: &source) }
}
