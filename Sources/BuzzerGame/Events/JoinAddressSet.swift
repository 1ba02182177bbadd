/// Where the room's players join, as the host set it (at creation or later).
package struct JoinAddressSet: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var url: String
    package var offered: [String]

    package init(at: GameInstant, address: RoomJoinAddress) {
        self.at = at
        url = address.url
        offered = address.offered
    }

    package var address: RoomJoinAddress { RoomJoinAddress(url: url, offered: offered) }
}

extension JoinAddressSet: RoomEventPayload {
    package static let wireName = "join_address_set"
    package var event: RoomEvent { .joinAddressSet(self) }
    package func apply(to room: inout Room) { room.joinAddress = address }

    package func logProblem(in room: Room) -> String? {
        address.problem().map { "its join address is invalid: \($0)" }
    }

    package var hostEventKind: HostEventKind? { .runOfShowChanges }
    /// The host console and the projectors show the new address and QR code at once.
    package var publisherReaction: PublisherReaction { PublisherReaction([], .joinAddress(url: url)) }

    package static func samples(at: GameInstant) -> [Self] {
        [Self(at: at, address: RoomJoinAddress(url: "https://quiz.example", offered: ["https://quiz.example"]))]
    }
}
