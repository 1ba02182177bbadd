import BuzzerGame

/// The host's remote for the current question's clip (`clip`): play it from its start, play it
/// again, stop it, or set its volume, on every projector of the room. It does not change the game,
/// so it is not logged (docs/protocol-client.md); the projectors get it as the `clip` message.
package struct ClipControl: Sendable, Equatable, Encodable {
    /// What the projectors do with the clip. `volume` only sets the volume.
    package enum Action: String, CaseIterable, Sendable, Encodable {
        case play, replay, stop, volume
    }

    package var action: Action
    /// The clip's volume in percent (`InputBounds.volume`), when the host set one; required by `volume`.
    package var volume: Int?

    package init(action: Action, volume: Int? = nil) {
        self.action = action
        self.volume = volume
    }
}

extension ClipControl: ServerMessageBody {
    package static let wireName = "clip"
}

#if !BUZZER_CLIENT_FUZZ
// The client-message fuzzer builds this file without the app's `ServerMessage` (Fuzz/run.sh).
extension ServerMessage {
    package static func clip(_ body: ClipControl) -> ServerMessage { ServerMessage(body) }
}
#endif

/// What a projector tells the server about itself after `watch`: only displays may send it.
package enum DisplayReport: Sendable, Equatable {
    /// Whether this projector's sound is on (the browser lets it play a clip).
    case sound(on: Bool)

    package var type: ClientMessageType {
        switch self {
        case .sound: .sound
        }
    }
}
