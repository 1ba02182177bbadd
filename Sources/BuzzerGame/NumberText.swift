/// How every screen, export and fingerprint writes a number: one rule, used by the kinds that
/// answer with numbers (number, slider) and by the tools that print them, so no kind owns it.
package enum NumberText {
    /// 1969 rather than 1969.0; other values in Swift's shortest round-tripping form.
    package static func text(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
