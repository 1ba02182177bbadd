/// The league a game counts for ("Tuesdays at The Crown"), as its `room_created` records it. A game
/// without one is a one-off. The id is the league's name in addresses (`/league/crown-tuesdays`)
/// and in its file; the name is what screens show.
package struct RoomLeague: Codable, Sendable, Equatable, Hashable {
    package var id: String
    package var name: String

    package init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Ids are 1 to 40 of `a-z`, `0-9` and `-`, starting and ending with a letter or digit: safe in a
    /// path, a file and a URL without escaping (docs/league.md).
    package static let idLength: ClosedRange<Int> = 1...40
    /// Names are 1 to 60 characters once trimmed, with no control characters.
    package static let nameLength: ClosedRange<Int> = 1...60

    /// Why `id` is not a league id; nil when it is.
    package static func idProblem(_ id: String) -> String? {
        guard idLength.contains(id.utf8.count) else { return "a league id must be \(idLength.lowerBound) to \(idLength.upperBound) characters" }
        let allowed = id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        guard allowed, id.utf8.first != 0x2D, id.utf8.last != 0x2D else {
            return "a league id may hold only a-z, 0-9 and -, and must start and end with a letter or digit"
        }
        return nil
    }

    /// Why `name` is not a league name; nil when it is. The caller trims it first.
    package static func nameProblem(_ name: String) -> String? {
        guard nameLength.contains(name.count), name == name.trimmingWhitespace else {
            return "a league name must be \(nameLength.lowerBound) to \(nameLength.upperBound) characters, without spaces around it"
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "a league name may not hold control characters"
        }
        return nil
    }

    /// Why this league cannot be recorded or replayed; nil when it can.
    package func problem() -> String? {
        Self.idProblem(id) ?? Self.nameProblem(name)
    }

    /// A league id made from a name: "Tuesdays at The Crown" → "tuesdays-at-the-crown"; nil when
    /// the name has no ASCII letter or digit to make one from.
    package static func suggestedID(for name: String) -> String? {
        var out: [UInt8] = []
        for scalar in TextNormalizer.fold(name).unicodeScalars {
            let v = scalar.value
            if (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) {
                out.append(UInt8(v))
            } else if out.last != 0x2D && !out.isEmpty {
                out.append(0x2D)
            }
            if out.count >= idLength.upperBound { break }
        }
        while out.last == 0x2D { out.removeLast() }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Without white space at either end.
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
