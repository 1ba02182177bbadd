/// What `buzzer replay verify` found: per game, and over the whole archive.
package struct VerifyReport: Sendable, Equatable, Codable {
    package var games: [GameVerification]
    /// Damaged lines of no known game, and sequence gaps (also listed under every game open at the time).
    package var archiveIssues: [ReplayIssue]
    package var lines: Int
    package var ok: Bool

    private enum CodingKeys: String, CodingKey { case ok, lines, games, archiveIssues = "archive_issues" }

    /// Checks every game of `scan` (read with depth `replay`), or only the game `reference` names.
    /// Sequence problems count against a single game only when they happened while it was open.
    package init(_ scan: ReplayScan, only reference: GameReference? = nil) throws(ReplayError) {
        if let reference {
            games = [GameVerification(try scan.game(reference))]
            archiveIssues = scan.unattributed
        } else {
            games = scan.games.map(GameVerification.init)
            archiveIssues = scan.archiveIssues
        }
        lines = scan.lines
        ok = games.allSatisfy(\.ok) && !archiveIssues.contains { $0.severity == .error }
    }
}

package struct GameVerification: Sendable, Equatable, Codable {
    package var game: String
    package var status: GameStatus
    package var events: Int
    /// Recorded standings compared with the replay; 0 for logs written before standings were recorded.
    package var standingsChecked: Int
    package var issues: [ReplayIssue]
    package var ok: Bool

    private enum CodingKeys: String, CodingKey { case game, ok, status, events, standingsChecked = "standings_checked", issues }

    init(_ game: ReplayGame) {
        self.game = game.id
        status = game.status
        events = game.eventCount
        standingsChecked = game.standingsChecked
        issues = game.issues
        ok = !game.issues.contains { $0.severity == .error }
    }
}
