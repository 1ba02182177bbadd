import BuzzerGame
#if !BUZZER_CLIENT_FUZZ
import BuzzerTransport
#endif

/// `clip`: the host's remote for the current question's clip on every projector (`ClipControl`).
/// Not a room command and not logged: it does not change the game.
package struct ClipCommand: ClientCommand, FuzzedAppCommand {
    package static let wireName = "clip"
    package static let title = "control the clip"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [
        .required(.action, .word(ClipControl.Action.allCases.map(\.rawValue))), .optional(.volume, .int(InputBounds.volume)),
    ]

    package var control: ClipControl

    package init(_ control: ClipControl) { self.control = control }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        let action = ClipControl.Action(rawValue: try fields.word(.action)) ?? .play, volume = try fields.optionalInt(.volume)
        if action == .volume, volume == nil { throw ClientFieldError("\(Self.wireName)'s \"volume\" action needs \"volume\": 0 to 100") }
        control = ClipControl(action: action, volume: volume)
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] {
        [(.action, .string(control.action.rawValue))] + (control.volume.map { [(.volume, .int($0))] } ?? [])
    }

    /// Nothing for the room to decide: the projectors play it (`LiveRoom.controlClip`).
    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { [] }

    package func fuzzRoomCommand(in room: Room) -> RoomCommand? { nil }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> ClipCommand {
        let action = fuzz.pick(ClipControl.Action.allCases)
        let volume = action == .volume || fuzz.chance(0.2) ? fuzz.int(InputBounds.volume) : nil
        return ClipCommand(ClipControl(action: action, volume: volume))
    }
}

// The client-message fuzz target (Fuzz/run.sh) builds this file without the transport and the live room.
#if !BUZZER_CLIENT_FUZZ
extension ClipCommand: AppClientCommand {
    func perform(handle: ClientHandle, in live: LiveRoom) throws(GameError) {
        try live.controlClip(control)
        handle.send(live.context.messages.encode(.ok(OKPayload(request: Self.wireName))))
    }
}
#endif
