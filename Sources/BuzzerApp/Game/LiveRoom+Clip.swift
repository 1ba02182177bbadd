import BuzzerGame
import BuzzerTransport

extension LiveRoom {
    /// The host's `clip`: every projector plays, replays, stops or sets the volume of the current
    /// question's clip. It does not change the game, so nothing is logged; it takes the outbox like
    /// any batch, so it never overtakes the question it is about.
    func controlClip(_ control: ClipControl) throws(GameError) {
        switch room.phase {
        case .reading, .open, .closed, .revealed: break
        default: throw .badPhase(command: "play a clip", phase: room.phase)
        }
        if let volume = control.volume { clipVolume = volume }
        post(Self.batch([Delivery(audience: .displays, message: .clip(control))], to: members, sender: nil, context: context))
    }

    /// A projector said whether its sound is on. Only a connection attached as this room's display counts.
    func displaySound(_ on: Bool, from handle: ClientHandle) {
        guard members.displays[handle.id] != nil else { return }
        let changed = on ? displaysWithSound.insert(handle.id).inserted : displaysWithSound.remove(handle.id) != nil
        if changed { reportDisplaySound() }
    }

    /// How many projectors are connected, and how many have their sound on.
    var displaySound: DisplaySoundPayload {
        DisplaySoundPayload(displays: members.displays.count, soundOn: displaysWithSound.intersection(members.displays.keys).count)
    }

    /// Tells the console (`display_sound`) after a projector came, went or turned its sound on or off:
    /// with the next coalesced flush, like the answer count, so a projector toggling its sound
    /// thousands of times a second sends the host one count per `rooms.lobbyUpdateMilliseconds`.
    func reportDisplaySound() {
        if publisher.displaySoundChanged() { scheduleFlush() }
    }
}
