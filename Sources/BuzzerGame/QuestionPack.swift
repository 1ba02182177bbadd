/// A quiz as the host uploads it: rounds of questions, in the "Question pack JSON" format
/// (see docs/question-format.md). Build one with `QuestionPack.decode(json:)`, which
/// rejects anything `validate()` would, or construct it in code and call `validate()`.
package struct QuestionPack: Sendable, Equatable {
    package var title: String
    package var description: String?
    package var rounds: [PackRound]
    /// How multi and order questions give partial credit unless a question says otherwise;
    /// nil is the default, `perItem`, and is not written back.
    package var partialCredit: PartialCredit?

    package init(title: String, description: String? = nil, rounds: [PackRound], partialCredit: PartialCredit? = nil) {
        self.title = title
        self.description = description
        self.rounds = rounds
        self.partialCredit = partialCredit
    }

    /// A pack of one untitled round, written as a flat top-level `questions` array.
    package init(title: String, description: String? = nil, questions: [Question], partialCredit: PartialCredit? = nil) {
        self.init(title: title, description: description, rounds: [PackRound(questions: questions)], partialCredit: partialCredit)
    }

    /// The credit rule `question` is scored by: its own, else the pack's, else `perItem`.
    package func partialCredit(for question: Question) -> PartialCredit {
        question.partialCredit ?? partialCredit ?? .perItem
    }

    /// True when the pack is one untitled, non-wager round; it is then encoded as a flat
    /// `questions` array and error paths read `questions[3]...` rather than `rounds[0].questions[3]...`.
    package var isFlat: Bool {
        rounds.count == 1 && rounds[0].title == nil && !rounds[0].wager && rounds[0].breakBefore == nil
    }

    /// Total number of questions over all rounds.
    package var questionCount: Int { rounds.reduce(0) { $0 + $1.questions.count } }

    /// The kinds the pack's questions use, each once, in first-use order: what a page loads before
    /// the game's first question (docs/web-clients.md, "Weight"), and the library's summary of a pack.
    package var kinds: [QuestionKind] {
        var seen: Set<QuestionKind> = [], out: [QuestionKind] = []
        for round in rounds { for question in round.questions where seen.insert(question.kind).inserted { out.append(question.kind) } }
        return out
    }

    /// Each round's questions in an order drawn from `seed` (its own stream per round); rounds stay in order.
    package func shuffledWithinRounds(seed: UInt64) -> QuestionPack {
        var shuffled = self
        for index in shuffled.rounds.indices {
            let order = SplitMix64.permutation(count: rounds[index].questions.count, seed: ~seed, sequence: index)
            shuffled.rounds[index].questions = order.map { rounds[index].questions[$0] }
        }
        return shuffled
    }
}

/// One round of a pack. In a wager round each team (or teamless player) stakes points on each question.
package struct PackRound: Sendable, Equatable {
    package var title: String?
    package var wager: Bool
    package var questions: [Question]
    /// A break slide shown before the round's first question (the pack's `"break"`).
    package var breakBefore: RoundBreak?

    package init(title: String? = nil, wager: Bool = false, questions: [Question], breakBefore: RoundBreak? = nil) {
        self.title = title
        self.wager = wager
        self.questions = questions
        self.breakBefore = breakBefore
    }
}

/// How a multi or order question credits an answer that is partly right (docs/kinds.md, "Partial credit").
package enum PartialCredit: String, Codable, Sendable, CaseIterable {
    /// Multi: max(0, right picked − wrong picked) / total right; order: items in their right place / n.
    case perItem
    /// Full points for a fully right answer, nothing otherwise.
    case allOrNothing
}

/// One question of a pack.
package struct Question: Sendable, Equatable {
    package var category: String
    package var text: String
    package var content: QuestionContent
    package var explanation: String?
    /// Score multiplier: 0 (practice), 1 (normal) or 2 (double points).
    package var points: Int
    /// Seconds players may answer, overriding the room default; nil = room default.
    package var timeLimit: Int?
    /// A picture or a sound with the question (a picture round, a music round).
    package var media: QuestionMedia?
    /// A picture or a sound shown with the answer, never before the reveal.
    package var revealMedia: QuestionMedia?
    /// Multi and order only: overrides the pack's `partialCredit`.
    package var partialCredit: PartialCredit?
    /// The room mechanics' fields, by name (`RoomMechanics.questionFields`: a hint's `hints`); empty for most.
    package var extras: [String: QuestionExtra]

    package init(
        category: String, text: String, content: QuestionContent,
        explanation: String? = nil, points: Int = 1, timeLimit: Int? = nil, media: QuestionMedia? = nil, revealMedia: QuestionMedia? = nil,
        partialCredit: PartialCredit? = nil, extras: [String: QuestionExtra] = [:]
    ) {
        self.partialCredit = partialCredit
        self.extras = extras
        self.category = category
        self.text = text
        self.content = content
        self.explanation = explanation
        self.points = points
        self.timeLimit = timeLimit
        self.media = media
        self.revealMedia = revealMedia
    }

    package var kind: QuestionKind { content.kind }
}
