import Foundation

/// Folds text so that what people mean as "the same" compares equal: nicknames that differ
/// only by case or accents, and typed answers that differ by case, accents, spacing or punctuation.
package enum TextNormalizer {
    /// Trimmed, inner whitespace collapsed to one space, case, accent and width folded.
    /// Used for nickname uniqueness and duplicate options.
    package static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The comparison key of a typed answer: the folded text with only letters and digits kept,
    /// so "AC/DC", "ac-dc" and "A.C. D.C." all match. An answer made only of symbols
    /// (e.g. "+") keeps its symbols, minus whitespace, so it can still be matched.
    package static func answerKey(_ text: String) -> String {
        let folded = fold(text)
        var key = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where isLetterOrDigit(scalar) {
            key.append(scalar)
        }
        if key.isEmpty {
            return String(folded.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        }
        return String(key)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }
}
