/// What a correction of a finished game changes. Each is applied after the game's own events,
/// through the same scoring, so the game's results, `replay verify` and the league follow it.
package enum GameCorrection: Sendable, Equatable {
    /// The question's right answer, as its kind writes it (its accepted texts, its number, its right
    /// options…): `content` is the question's content with only the answer changed.
    case answerKey(sequence: Int, content: QuestionContent)
    /// One player's answer to the question is judged right (`true`) or wrong (`false`) whatever
    /// the answer key says: a typed answer the host should have accepted, or should not have.
    case ruling(sequence: Int, player: PlayerID, right: Bool)
    /// The question scores nothing for anyone, as if it had not been asked; streaks skip it.
    case void(sequence: Int)
    /// A player's or a team's score moves by `delta`, as a host's adjustment does.
    case adjust(player: PlayerID?, team: TeamID?, delta: Int)

    /// The question it names; nil for an adjustment.
    package var sequence: Int? {
        switch self {
        case .answerKey(let sequence, _), .ruling(let sequence, _, _), .void(let sequence): sequence
        case .adjust: nil
        }
    }
}

/// Who made a correction: the game's host (with its host key) or the server's editor (the edit token).
package enum CorrectionAuthor: String, Codable, Sendable, Equatable {
    case host
    case editor
}

/// `game_corrected`: a correction of a finished game, appended to the log after the game's own
/// events (docs/archive-format.md). `game` is the game's `room_created` time, which with the line's
/// room code names the game even after the code has been used again.
package struct GameCorrected: Sendable, Equatable {
    package var at: GameInstant
    package var game: GameInstant
    package var correction: GameCorrection
    /// Why, in the corrector's words (1 to 200 characters): shown with the results.
    package var reason: String
    package var by: CorrectionAuthor
    /// The standings after the correction, as the room computed them when it was made.
    package var standings: RecordedStandings?

    package init(at: GameInstant, game: GameInstant, correction: GameCorrection, reason: String, by: CorrectionAuthor, standings: RecordedStandings? = nil) {
        self.at = at
        self.game = game
        self.correction = correction
        self.reason = reason
        self.by = by
        self.standings = standings
    }

    /// A reason's length in characters, once trimmed.
    package static let reasonLength: ClosedRange<Int> = 1...200

    /// A reason is one line of text, shown on pages and terminals: its first C0 (ESC included), DEL
    /// or C1 character as the error, or nil. The server and `buzzer replay correct` both ask it.
    package static func controlCharacterProblem(_ reason: String) -> CorrectionError? {
        reason.unicodeScalars.first { $0.properties.generalCategory == .control }.map { .reasonControlCharacter($0.value) }
    }
}

extension GameCorrected: RoomEventPayload {
    package static let wireName = "game_corrected"
    package var event: RoomEvent { .gameCorrected(self) }
    package func apply(to room: inout Room) { room.applyCorrection(self) }

    package func logProblem(in room: Room) -> String? {
        guard room.phase == .ended else { return "it corrects a game that has not ended" }
        guard game == room.createdAt else { return "it names the game started at \(game), not this one (\(room.createdAt))" }
        guard reason.utf8.count <= InputBounds.Bytes.text else { return "its reason is over \(InputBounds.Bytes.text) bytes" }
        if let problem = room.correctionProblem(correction) { return "it does not fit the game: \(problem)" }
        return nil
    }

    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    /// Made after the game through the archive, so already durable: a room still kept for its
    /// podium shows every screen the corrected end, as a reload would.
    package var publisherReaction: PublisherReaction { PublisherReaction([], .ended(durable: false)) }

    /// One of each form of correction, so together they write every field a correction can.
    package static func samples(at: GameInstant) -> [Self] {
        let forms: [GameCorrection] = [
            .answerKey(sequence: 0, content: QuestionKind.examples[0].example(1, seed: 1).content),
            .ruling(sequence: 0, player: PlayerID(1), right: true),
            .void(sequence: 0),
            .adjust(player: PlayerID(1), team: TeamID(1), delta: -2),
        ]
        let standings = RecordedStandings(players: [RecordedScore(id: 1, score: 1, rank: 1)], teams: [])
        return forms.map { Self(at: at, game: at - 3_600_000, correction: $0, reason: "key was wrong", by: .editor, standings: standings) }
    }
}

/// Why a correction was refused. A refused correction changes nothing and writes nothing.
package enum CorrectionError: Error, Equatable, Sendable, CustomStringConvertible {
    case gameNotFinished
    case unknownQuestion(Int)
    case unknownPlayer(Int)
    case unknownTeam(Int)
    /// The correction does not fit the question (`reason` says how).
    case doesNotFit(String)
    case invalidReason
    /// The reason holds a control character (C0, DEL or C1), by its code point.
    case reasonControlCharacter(UInt32)
    case invalidAdjustment

    package var description: String {
        switch self {
        case .gameNotFinished: "only a finished game can be corrected; this one is still running or was abandoned"
        case .unknownQuestion(let number): "the game has no question \(number)"
        case .unknownPlayer(let id): "the game has no player \(id)"
        case .unknownTeam(let id): "the game has no team \(id)"
        case .doesNotFit(let reason): reason
        case .invalidReason: "give a reason of \(GameCorrected.reasonLength.lowerBound) to \(GameCorrected.reasonLength.upperBound) characters"
        case .reasonControlCharacter(let value):
            "the reason holds the control character U+\(String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count)))\(String(value, radix: 16, uppercase: true)); it must be one line of text"
        case .invalidAdjustment: "an adjustment names one player or one team and moves the score by -1000000 to 1000000, not 0"
        }
    }
}
