/// Everything one pass over the archive found.
package struct ReplayScan: Sendable {
    /// In log order of their first line.
    package var games: [ReplayGame] = []
    /// Damaged lines whose room could not be read (or that belong to no open game).
    package var unattributed: [ReplayIssue] = []
    /// Gaps and out-of-order sequence numbers, over the whole archive.
    package var sequenceIssues: [ReplayIssue] = []
    package var lines = 0
    package var files: [String] = []

    /// Every archive-wide issue, in the order found.
    package var archiveIssues: [ReplayIssue] { unattributed + sequenceIssues }

    /// The game `reference` names: the newest with its code, the numbered one, or the one that started then.
    package func game(_ reference: GameReference) throws(ReplayError) -> ReplayGame {
        let matching = games.filter { $0.code == reference.code }
        guard let newest = matching.last else { throw .unknownGame(code: reference.code) }
        if let startedAt = reference.startedAt {
            guard let game = matching.first(where: { $0.startedAt == startedAt }) else {
                throw .noSuchGameStart(code: reference.code, startedAt: startedAt)
            }
            return game
        }
        guard let number = reference.number else { return newest }
        guard let game = matching.first(where: { $0.number == number }) else {
            throw .noSuchGameNumber(code: reference.code, number: number, count: matching.count)
        }
        return game
    }
}
