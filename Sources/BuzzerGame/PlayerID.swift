/// A player's number in one room, handed out in join order starting at 1. Encoded as a bare integer.
/// `public` because `PlayerMap`'s inlinable code uses it (see there).
public struct PlayerID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: PlayerID, rhs: PlayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "player \(rawValue)" }
}
