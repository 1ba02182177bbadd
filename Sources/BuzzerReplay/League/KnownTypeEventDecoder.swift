import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Decodes lines whose event type their envelope already named, through the game's own registry
/// (`RoomEvents.decodePayload`) without reading `type` a second time. `RoomEvent`'s own decoding
/// opens the line's object twice (its `type`, then the payload's fields); this opens it once, so the
/// league's first read of a year of logs (`buzzer bench league`) costs what it did when the reader
/// decoded each payload type by hand.
struct KnownTypeEventDecoder: Sendable {
    /// The line's event, decoded as the type its decoder was made for (named by its wire name).
    private struct Payload: Decodable {
        static let typeKey = CodingUserInfoKey(rawValue: "BuzzerReplay.RoomEventType")!
        var event: RoomEvent

        init(from decoder: any Decoder) throws {
            guard let name = decoder.userInfo[Self.typeKey] as? String, let type = RoomEvents.type(named: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no event type given"))
            }
            event = try RoomEvents.decodePayload(of: type, from: decoder)
        }
    }

    /// One decoder per type (by wire name), each carrying its type, made once.
    private let decoders: [String: JSONDecoder]

    init(types: some Sequence<any RoomEventPayload.Type>) {
        decoders = Dictionary(uniqueKeysWithValues: types.map { type in
            let decoder = JSONDecoder()
            decoder.userInfo[Payload.typeKey] = type.wireName
            return (type.wireName, decoder)
        })
    }

    /// The event of `line`, whose envelope named `type` (one of the types this decoder was made for).
    func decode(_ line: ArchiveLine, as type: any RoomEventPayload.Type) throws -> RoomEvent {
        guard let decoder = decoders[type.wireName] else { return try line.decode(RoomEvent.self) }
        return try line.decode(Payload.self, decoder: decoder).event
    }
}
