import BuzzerGame

/// How many of the room's projectors are connected, and how many of them have their sound on: the
/// console warns when a question with a clip is on and none can play it (`display_sound`).
package struct DisplaySoundPayload: Encodable, Sendable, Equatable {
    package var displays: Int
    package var soundOn: Int
}

extension DisplaySoundPayload: ServerMessageBody {
    package static let wireName = "display_sound"
}

extension ServerMessage {
    package static func displaySound(_ body: DisplaySoundPayload) -> ServerMessage { ServerMessage(body) }
}
