/// A pack field on every question that a room mechanic reads (a hint's `hints`), with its range.
/// The pack reader checks it once where the pack enters; the CSV importer takes it as a column of
/// the same name and the editor shows it, both from this list (`RoomMechanics.questionFields`).
package struct QuestionExtraField: Sendable, Equatable {
    package enum Shape: Sendable, Equatable {
        /// Up to `maxCount` texts of 1 to `maxLength` characters each, no control characters (CSV: one cell, items split at `|`).
        case texts(maxCount: Int, maxLength: Int)
        /// A number from 0 to 1 (CSV: `0.25` or `25%`).
        case fraction
    }

    /// The field's key in the pack's JSON (and, lowercased, its CSV column).
    package let name: String
    package let shape: Shape

    package init(_ name: String, _ shape: Shape) {
        self.name = name
        self.shape = shape
    }
}

/// A mechanic's field as a question of a checked pack holds it (in its range).
package enum QuestionExtra: Sendable, Equatable {
    case texts([String])
    case fraction(Double)

    package var texts: [String]? { if case .texts(let items) = self { items } else { nil } }
    package var fraction: Double? { if case .fraction(let value) = self { value } else { nil } }
}
