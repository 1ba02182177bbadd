/// What the room answers without changing: lookups its commands and views share.
extension Room {
    /// Whether `id` is a player still on the scoreboard.
    func isRanked(_ id: PlayerID) -> Bool {
        players[id]?.isRanked == true
    }

    /// The question currently shown (reading through revealed, or the last one on a leaderboard).
    package var currentQuestion: AskedQuestion? { asked.last }

    /// The pack question behind an asked one.
    package func question(_ asked: AskedQuestion) -> Question {
        pack.rounds[asked.round].questions[asked.index]
    }

    /// The kind of the question asked at `position`, read in place: the answer path asks it per answer,
    /// and `question(_:)` would copy the asked question in and the pack question out.
    func kind(ofAskedAt position: Int) -> QuestionKind {
        pack.rounds[asked[position].round].questions[asked[position].index].kind
    }

    package func player(byResumeTokenHash hash: String) -> Player? {
        playerByTokenHash[hash].flatMap { players[$0] }
    }

    /// Pack position after (round, index), crossing into the next round; nil after the last question.
    func position(after round: Int, _ index: Int) -> (round: Int, index: Int)? {
        if index + 1 < pack.rounds[round].questions.count { return (round, index + 1) }
        var next = round + 1
        while next < pack.rounds.count {
            if !pack.rounds[next].questions.isEmpty { return (next, 0) }
            next += 1
        }
        return nil
    }

    var isAcceptingAnswers: Bool { phase == .reading || phase == .open }
}
