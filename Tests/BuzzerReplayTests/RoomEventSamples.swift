import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing

/// One event of every type, with every optional field set, so a test sees each field an event
/// can write: each type's own `samples(at:)`, over the registry (`RoomEvents.all`).
enum RoomEventSamples {
    static let at: GameInstant = 1_795_416_062_339

    static var all: [RoomEvent] { RoomEvents.all.flatMap { $0.sampleEvents(at: at) } }

    /// The samples of one type: for an event whose fields depend on what it says (a correction's
    /// action), one of each form, so together they write every field the type can.
    static func variants(_ type: any RoomEventPayload.Type) -> [RoomEvent] { type.sampleEvents(at: at) }

    /// The top-level members the event writes, its `type` and `at` included.
    static func members(of event: RoomEvent) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any]
        return Set(try #require(object).keys)
    }
}
