// The room's own events: created, the host and displays coming and going, the lock.

package struct HostDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct HostReconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct RoomLockChanged: Codable, Sendable, Equatable {
    package var at: GameInstant
    package var locked: Bool

    package init(at: GameInstant, locked: Bool) {
        self.at = at
        self.locked = locked
    }
}
package struct DisplayConnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
package struct DisplayDisconnected: Codable, Sendable, Equatable {
    package var at: GameInstant

    package init(at: GameInstant) {
        self.at = at
    }
}
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
