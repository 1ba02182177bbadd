/// A team's number in one room, handed out in creation order starting at 1. Encoded as a bare integer.
package struct TeamID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    package var rawValue: Int

    package init(_ rawValue: Int) { self.rawValue = rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    package static func < (lhs: TeamID, rhs: TeamID) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { "team \(rawValue)" }
}
