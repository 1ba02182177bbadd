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
