/// How a user names a game: a room code, optionally with the game's number among the games
/// that used that code, in log order (`ABCD@2` is the second game played as ABCD). Without a
/// number the newest game with the code is meant.
package struct GameReference: Sendable, Equatable, CustomStringConvertible {
    package var code: String
    /// 1-based; nil means the newest.
    package var number: Int?

    package init(code: String, number: Int? = nil) {
        self.code = code
        self.number = number
    }

    package init(parsing text: String) throws(ReplayError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { throw .invalidGameReference(text) }
        code = String(parts[0])
        if parts.count == 2 {
            guard let number = Int(parts[1]), number >= 1 else { throw .invalidGameReference(text) }
            self.number = number
        }
    }

    package var description: String { number.map { "\(code)@\($0)" } ?? code }
}
