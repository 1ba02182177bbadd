import BuzzerFormats
import BuzzerGame

/// `game_corrected`: `action` says which correction it is, and its fields follow (docs/archive-format.md).
/// A new answer key is the question's kind and its answer fields as the pack format writes them
/// (`"answer_key":{"kind":"number","answer":330}`), read back through the pack's own checks.
extension GameCorrected: Codable {
    private enum CodingKeys: String, CodingKey {
        case at, game, action, sequence, answerKey = "answer_key", player, team, right, delta, reason, by, standings
    }

    /// The wire names of the corrections.
    package enum Action: String, Codable, Sendable, CaseIterable {
        case answerKey = "answer_key", ruling, void, adjust
    }

    package var action: Action {
        switch correction {
        case .answerKey: .answerKey
        case .ruling: .ruling
        case .void: .void
        case .adjust: .adjust
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let correction: GameCorrection
        switch try c.decode(Action.self, forKey: .action) {
        case .answerKey:
            let value = try c.decode(JSONValue.self, forKey: .answerKey)
            do {
                correction = .answerKey(sequence: try c.decode(Int.self, forKey: .sequence), content: try Self.content(value))
            } catch let error as QuestionPackErrors {
                throw DecodingError.dataCorruptedError(forKey: .answerKey, in: c, debugDescription: error.description)
            }
        case .ruling:
            correction = .ruling(sequence: try c.decode(Int.self, forKey: .sequence), player: try c.decode(PlayerID.self, forKey: .player),
                                 right: try c.decode(Bool.self, forKey: .right))
        case .void:
            correction = .void(sequence: try c.decode(Int.self, forKey: .sequence))
        case .adjust:
            correction = .adjust(player: try c.decodeIfPresent(PlayerID.self, forKey: .player), team: try c.decodeIfPresent(TeamID.self, forKey: .team),
                                 delta: try c.decode(Int.self, forKey: .delta))
        }
        self.init(at: try c.decode(GameInstant.self, forKey: .at), game: try c.decode(GameInstant.self, forKey: .game), correction: correction,
                  reason: try c.decode(String.self, forKey: .reason), by: try c.decode(CorrectionAuthor.self, forKey: .by),
                  standings: try c.decodeIfPresent(RecordedStandings.self, forKey: .standings))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(at, forKey: .at)
        try c.encode(game, forKey: .game)
        try c.encode(action, forKey: .action)
        switch correction {
        case .answerKey(let sequence, let content):
            try c.encode(sequence, forKey: .sequence)
            try c.encode(AnswerKeyJSON(content), forKey: .answerKey)
        case .ruling(let sequence, let player, let right):
            try c.encode(sequence, forKey: .sequence)
            try c.encode(player, forKey: .player)
            try c.encode(right, forKey: .right)
        case .void(let sequence):
            try c.encode(sequence, forKey: .sequence)
        case .adjust(let player, let team, let delta):
            try c.encodeIfPresent(player, forKey: .player)
            try c.encodeIfPresent(team, forKey: .team)
            try c.encode(delta, forKey: .delta)
        }
        try c.encode(reason, forKey: .reason)
        try c.encode(by, forKey: .by)
        try c.encodeIfPresent(standings, forKey: .standings)
    }

    /// A question's content from its kind and answer fields, through the pack reader's checks (a
    /// question needs a category and a text to be read; they are placeholders here).
    package static func content(_ value: JSONValue) throws(QuestionPackErrors) -> QuestionContent {
        guard case .object(let members) = value else {
            throw QuestionPackErrors([.invalid(path: "answer_key", reason: "expected an object with the question's kind and answer")])
        }
        let question: [(key: String, value: JSONValue)] = [("category", .string("correction")), ("text", .string("correction"))]
            + members.filter { $0.key != "category" && $0.key != "text" }
        let pack = try QuestionPack.decode(.object([("title", .string("correction")), ("questions", .array([.object(question)]))]), limits: .lenient)
        return pack.rounds[0].questions[0].content
    }
}

/// A question's right answer in the form `answer_key` takes it, in the log and in the corrections
/// route's body: its `kind` and its answer fields as the pack format writes them
/// (`{"kind":"choice","options":["A","B"],"answer":1}`). The corrections form starts from it.
package struct AnswerKeyJSON: Encodable, Sendable {
    package var content: QuestionContent

    package init(_ content: QuestionContent) {
        self.content = content
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: MemberKey.self)
        try c.encode(content.kind, forKey: MemberKey("kind"))
        try content.kind.json.encodeContent(content, to: &c)
    }
}
