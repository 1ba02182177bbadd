/// How a user names a game: a room code, optionally with the game's number among the games
/// that used that code, in log order (`ABCD@2` is the second game played as ABCD), or with the
/// time its `room_created` was written (`ABCD-1732733040123`, a league's game key: it names the
/// game whichever archive or index counts the code's games). Without either the newest game
/// with the code is meant.
package struct GameReference: Sendable, Equatable, CustomStringConvertible {
    package var code: String
    /// 1-based; nil means the newest.
    package var number: Int?
    /// The game's start (ms since 1970, UTC), from a league's game key; nil when not given.
    package var startedAt: Int64?

    package init(code: String, number: Int? = nil, startedAt: Int64? = nil) {
        self.code = code
        self.number = number
        self.startedAt = startedAt
    }

    package init(parsing text: String) throws(ReplayError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { throw .invalidGameReference(text) }
        code = String(parts[0])
        if parts.count == 2 {
            guard let number = Int(parts[1]), number >= 1 else { throw .invalidGameReference(text) }
            self.number = number
        } else if let dash = code.lastIndex(of: "-"), dash != code.startIndex {
            // A league's key, `CODE-MS`: 1 to 15 ASCII digits (up to the year 33658), so the number
            // never overflows. Anything else after a dash stays part of the code, as before.
            let digits = code.utf8[code.utf8.index(after: dash)...]
            if (1...15).contains(digits.count), digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let ms = Int64(String(code[code.index(after: dash)...])) {
                startedAt = ms
                code = String(code[..<dash])
            }
        }
    }

    package var description: String {
        if let startedAt { return "\(code)-\(startedAt)" }
        return number.map { "\(code)@\($0)" } ?? code
    }
}
