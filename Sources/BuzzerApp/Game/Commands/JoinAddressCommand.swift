import BuzzerGame
#if !BUZZER_CLIENT_FUZZ
import BuzzerTransport
#endif

/// `join_address`: the host picks another of the room's join addresses (`RoomJoinAddress`) for the
/// projector and the QR code. The app checks it against the server's addresses, then the room logs
/// it (`join_address_set`), so a restart keeps it; the publisher tells the screens.
package struct JoinAddressCommand: ClientCommand, FuzzedAppCommand {
    package static let wireName = "join_address"
    package static let title = "choose the join address"
    package static let repliesOK = true
    package static let fields: [ClientFieldSpec] = [.required(.url, .string(maxBytes: InputBounds.Bytes.url))]

    package var url: String

    package init(url: String) { self.url = url }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        url = try fields.string(.url)
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.url, .string(url))] }

    /// The address without a final slash, as the server's addresses are written.
    var base: String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// The room's rule for the choice, given the addresses the room was offered: an address it was
    /// offered (the app checks the server's own first, `perform`).
    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        try room.decide(.setJoinAddress(RoomJoinAddress(url: base, offered: room.joinAddress?.offered ?? [base])), at: now)
    }

    /// An ended room refuses it as it refuses a player (`room_ended`): the address is the app's choice.
    package func refusalAfterEnd(in room: Room) -> GameError { .roomEnded }

    package func fuzzRoomCommand(in room: Room) -> RoomCommand? {
        let offered = room.joinAddress?.offered ?? ["http://192.168.1.20:8080", "http://buzzer.local:8080"]
        return .setJoinAddress(RoomJoinAddress(url: base, offered: offered))
    }

    /// Mostly one of the addresses offered, sometimes one that is not (or not a URL at all).
    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> JoinAddressCommand {
        let offered = room.joinAddress?.offered ?? ["http://192.168.1.20:8080", "http://buzzer.local:8080"]
        if fuzz.chance(0.8) { return JoinAddressCommand(url: fuzz.pick(offered) + (fuzz.chance(0.2) ? "/" : "")) }
        return JoinAddressCommand(url: fuzz.chance(0.5) ? "http://elsewhere.example" : fuzz.text())
    }
}

// The client-message fuzz target (Fuzz/run.sh) builds this file without the transport and the live room.
#if !BUZZER_CLIENT_FUZZ
extension JoinAddressCommand: AppClientCommand {
    func perform(handle: ClientHandle, in live: LiveRoom) throws(GameError) {
        let offered = live.context.registry.joinAddresses(live.code)?.offered.candidates ?? []
        guard offered.contains(base) else {
            handle.send(live.context.messages.encode(.error(AppError.unknownAddress(url: url, offered: offered), request: Self.wireName)))
            return
        }
        try live.perform(.setJoinAddress(RoomJoinAddress(url: base, offered: offered)))
        _ = live.context.registry.chooseJoinURL(base, for: live.code)
        handle.send(live.context.messages.encode(.ok(OKPayload(request: Self.wireName))))
    }
}
#endif
