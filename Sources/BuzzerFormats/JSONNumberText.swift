/// The one decimal writer of every hand-built JSON text: archive lines (the envelope's `seq` and
/// `time`, and every number `OrderedJSONEncoder` writes), the recorded standings, and the
/// personal messages (`result`, `standing`, `answer_ack`).
package enum JSONNumberText {
    package static func append(_ value: Int, to out: inout [UInt8]) {
        append(Int64(value), to: &out)
    }

    package static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        append(value.magnitude, to: &out)
    }

    package static func append(_ value: UInt64, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        let start = out.count
        var rest = value
        while rest > 0 {
            out.append(UInt8(ascii: "0") &+ UInt8(rest % 10))
            rest /= 10
        }
        out[start...].reverse()
    }

    /// Swift's shortest round-tripping form without a trailing ".0" ("1969", "2.5", "1e+16"), which
    /// is what `JSONEncoder` writes. The caller makes sure the value is finite: JSON has no NaN.
    package static func append(_ value: Double, to out: inout [UInt8]) {
        if value == value.rounded(.towardZero), value.magnitude < 1e15, !(value == 0 && value.sign == .minus) {
            append(Int64(value), to: &out)
            return
        }
        appendDescription(value.description, to: &out)
    }

    package static func append(_ value: Float, to out: inout [UInt8]) {
        appendDescription(value.description, to: &out)
    }

    private static func appendDescription(_ text: String, to out: inout [UInt8]) {
        var text = text
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }
}
