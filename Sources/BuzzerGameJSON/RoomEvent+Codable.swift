import BuzzerGame

/// One flat JSON object per event: the payload's fields plus `type`. The type's wire name comes
/// from `RoomEventType`; each case's payload decoder is in `RoomEventType.decodePayload`, the one
/// table from a line's type to its event.
extension RoomEvent: Codable {
    private enum TypeKey: String, CodingKey { case type }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        let name = try container.decode(String.self, forKey: .type)
        guard let type = RoomEventType(wireName: name) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown event type \"\(name)\"")
        }
        self = try type.decodePayload(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        try encodePayload(to: encoder)
    }

    /// The event's own fields (everything but `type`), as its payload type encodes them. A switch,
    /// not an `any Encodable`, so the live room's log line costs no existential box.
    private func encodePayload(to encoder: any Encoder) throws {
        switch self {
        case .roomCreated(let e): try e.encode(to: encoder)
        case .hostDisconnected(let e): try e.encode(to: encoder)
        case .hostReconnected(let e): try e.encode(to: encoder)
        case .roomLockChanged(let e): try e.encode(to: encoder)
        case .displayConnected(let e): try e.encode(to: encoder)
        case .displayDisconnected(let e): try e.encode(to: encoder)
        case .joinAddressSet(let e): try e.encode(to: encoder)
        case .teamCreated(let e): try e.encode(to: encoder)
        case .playerJoined(let e): try e.encode(to: encoder)
        case .playerDisconnected(let e): try e.encode(to: encoder)
        case .playerReconnected(let e): try e.encode(to: encoder)
        case .playerLeft(let e): try e.encode(to: encoder)
        case .playerKicked(let e): try e.encode(to: encoder)
        case .playerRenamed(let e): try e.encode(to: encoder)
        case .teamRenamed(let e): try e.encode(to: encoder)
        case .teamsMerged(let e): try e.encode(to: encoder)
        case .playerMoved(let e): try e.encode(to: encoder)
        case .questionShown(let e): try e.encode(to: encoder)
        case .answersOpened(let e): try e.encode(to: encoder)
        case .wagerPlaced(let e): try e.encode(to: encoder)
        case .answerRecorded(let e): try e.encode(to: encoder)
        case .buzzPressed(let e): try e.encode(to: encoder)
        case .buzzFalseStart(let e): try e.encode(to: encoder)
        case .buzzFloor(let e): try e.encode(to: encoder)
        case .buzzMarked(let e): try e.encode(to: encoder)
        case .answersClosed(let e): try e.encode(to: encoder)
        case .clockPaused(let e): try e.encode(to: encoder)
        case .clockResumed(let e): try e.encode(to: encoder)
        case .timeAdded(let e): try e.encode(to: encoder)
        case .questionSkipped(let e): try e.encode(to: encoder)
        case .answersReopened(let e): try e.encode(to: encoder)
        case .revealUndone(let e): try e.encode(to: encoder)
        case .questionRevealed(let e): try e.encode(to: encoder)
        case .answerAccepted(let e): try e.encode(to: encoder)
        case .answerRejected(let e): try e.encode(to: encoder)
        case .answersMerged(let e): try e.encode(to: encoder)
        case .scoreAdjusted(let e): try e.encode(to: encoder)
        case .leaderboardShown(let e): try e.encode(to: encoder)
        case .tiebreakStarted(let e): try e.encode(to: encoder)
        case .tiebreakAnswered(let e): try e.encode(to: encoder)
        case .tiebreakEnded(let e): try e.encode(to: encoder)
        case .breakStarted(let e): try e.encode(to: encoder)
        case .breakCountdownChanged(let e): try e.encode(to: encoder)
        case .roomEnded(let e): try e.encode(to: encoder)
        case .gameCorrected(let e): try e.encode(to: encoder)
        }
    }
}

extension RoomEventType {
    /// Decodes the fields of an event of this type from the line (or object) that named it.
    package func decodePayload(from decoder: any Decoder) throws -> RoomEvent {
        switch self {
        case .roomCreated: .roomCreated(try RoomCreated(from: decoder))
        case .hostDisconnected: .hostDisconnected(try HostDisconnected(from: decoder))
        case .hostReconnected: .hostReconnected(try HostReconnected(from: decoder))
        case .roomLockChanged: .roomLockChanged(try RoomLockChanged(from: decoder))
        case .displayConnected: .displayConnected(try DisplayConnected(from: decoder))
        case .displayDisconnected: .displayDisconnected(try DisplayDisconnected(from: decoder))
        case .joinAddressSet: .joinAddressSet(try JoinAddressSet(from: decoder))
        case .teamCreated: .teamCreated(try TeamCreated(from: decoder))
        case .playerJoined: .playerJoined(try PlayerJoined(from: decoder))
        case .playerDisconnected: .playerDisconnected(try PlayerDisconnected(from: decoder))
        case .playerReconnected: .playerReconnected(try PlayerReconnected(from: decoder))
        case .playerLeft: .playerLeft(try PlayerLeft(from: decoder))
        case .playerKicked: .playerKicked(try PlayerKicked(from: decoder))
        case .playerRenamed: .playerRenamed(try PlayerRenamed(from: decoder))
        case .teamRenamed: .teamRenamed(try TeamRenamed(from: decoder))
        case .teamsMerged: .teamsMerged(try TeamsMerged(from: decoder))
        case .playerMoved: .playerMoved(try PlayerMoved(from: decoder))
        case .questionShown: .questionShown(try QuestionShown(from: decoder))
        case .answersOpened: .answersOpened(try AnswersOpened(from: decoder))
        case .wagerPlaced: .wagerPlaced(try WagerPlaced(from: decoder))
        case .answerRecorded: .answerRecorded(try AnswerRecorded(from: decoder))
        case .buzzPressed: .buzzPressed(try BuzzPressed(from: decoder))
        case .buzzFalseStart: .buzzFalseStart(try BuzzFalseStart(from: decoder))
        case .buzzFloor: .buzzFloor(try BuzzFloor(from: decoder))
        case .buzzMarked: .buzzMarked(try BuzzMarked(from: decoder))
        case .answersClosed: .answersClosed(try AnswersClosed(from: decoder))
        case .clockPaused: .clockPaused(try ClockPaused(from: decoder))
        case .clockResumed: .clockResumed(try ClockResumed(from: decoder))
        case .timeAdded: .timeAdded(try TimeAdded(from: decoder))
        case .questionSkipped: .questionSkipped(try QuestionSkipped(from: decoder))
        case .answersReopened: .answersReopened(try AnswersReopened(from: decoder))
        case .revealUndone: .revealUndone(try RevealUndone(from: decoder))
        case .questionRevealed: .questionRevealed(try QuestionRevealed(from: decoder))
        case .answerAccepted: .answerAccepted(try AnswerAccepted(from: decoder))
        case .answerRejected: .answerRejected(try AnswerRejected(from: decoder))
        case .answersMerged: .answersMerged(try AnswersMerged(from: decoder))
        case .scoreAdjusted: .scoreAdjusted(try ScoreAdjusted(from: decoder))
        case .leaderboardShown: .leaderboardShown(try LeaderboardShown(from: decoder))
        case .tiebreakStarted: .tiebreakStarted(try TiebreakStarted(from: decoder))
        case .tiebreakAnswered: .tiebreakAnswered(try TiebreakAnswered(from: decoder))
        case .tiebreakEnded: .tiebreakEnded(try TiebreakEnded(from: decoder))
        case .breakStarted: .breakStarted(try BreakStarted(from: decoder))
        case .breakCountdownChanged: .breakCountdownChanged(try BreakCountdownChanged(from: decoder))
        case .roomEnded: .roomEnded(try RoomEnded(from: decoder))
        case .gameCorrected: .gameCorrected(try GameCorrected(from: decoder))
        }
    }
}
