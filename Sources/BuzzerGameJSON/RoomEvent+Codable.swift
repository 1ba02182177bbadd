import BuzzerGame

/// One flat JSON object per event: the payload's fields plus `type` (its type's `wireName`).
///
/// The JSON half of an event is its type's `Codable`: synthesized in its own file
/// (Sources/BuzzerGame/Events/), except the three whose members' codecs live in this module (the
/// pack, the answer, the correction: `RoomEvent+Payloads.swift`, `GameCorrected+JSON.swift`).
/// Decoding needs no line per event: `RoomEvents.all` gives the types, each checked once to be
/// `Decodable`. Encoding has one line per event, the table below: BuzzerGame cannot see those
/// three types' `Encodable` (it knows no JSON), and a switch, unlike an `any Encodable`, writes
/// the live room's answer lines with no existential box.
extension RoomEvent: Codable {
    private enum TypeKey: String, CodingKey { case type }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        let name = try container.decode(String.self, forKey: .type)
        guard let type = RoomEvents.type(named: name) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown event type \"\(name)\"")
        }
        self = try RoomEvents.decodePayload(of: type, from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        try encodePayload(to: encoder)
    }

    /// The event's own fields (everything but `type`), as its payload type encodes them: the
    /// encode table, one line per event.
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
        case .scoreAdjusted(let e): try e.encode(to: encoder)
        case .leaderboardShown(let e): try e.encode(to: encoder)
        case .tiebreakStarted(let e): try e.encode(to: encoder)
        case .tiebreakAnswered(let e): try e.encode(to: encoder)
        case .tiebreakEnded(let e): try e.encode(to: encoder)
        case .breakStarted(let e): try e.encode(to: encoder)
        case .breakCountdownChanged(let e): try e.encode(to: encoder)
        case .roomEnded(let e): try e.encode(to: encoder)
        case .gameCorrected(let e): try e.encode(to: encoder)
        case .extended(let e): try e.base.encode(to: encoder)
        }
    }
}

extension RoomEvents {
    /// Decodes the fields of an event of `type` from the line (or object) that named it.
    package static func decodePayload(of type: any RoomEventPayload.Type, from decoder: any Decoder) throws -> RoomEvent {
        guard let codable = decodable[ObjectIdentifier(type)] else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "event type \(type.wireName) has no decoder"))
        }
        return try decode(codable, from: decoder)
    }

    private static func decode<Event: RoomEventPayload & Decodable>(_: Event.Type, from decoder: any Decoder) throws -> RoomEvent {
        try Event(from: decoder).event
    }

    /// Every registered type as `Decodable`, looked up once (`EventRegistryTests` holds every type to one).
    private static let decodable: [ObjectIdentifier: any (RoomEventPayload & Decodable).Type] = Dictionary(
        uniqueKeysWithValues: all.compactMap { type in (type as? any (RoomEventPayload & Decodable).Type).map { (ObjectIdentifier(type), $0) } })
}
