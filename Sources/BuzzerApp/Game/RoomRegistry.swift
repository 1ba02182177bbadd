import BuzzerTransport
import Synchronization

/// A Sendable way to reach a live room: its loop, and the room itself bound to that loop.
struct RoomRef: Sendable {
    let code: String
    let loop: EventLoop
    let bound: LoopBound<LiveRoom>

    /// Runs `body` with the room on its loop.
    func run(_ body: @escaping @Sendable (LiveRoom) -> Void) {
        let bound = self.bound
        loop.execute { body(bound.value) }
    }
}

/// Rooms by join code. Taken once per create, join or lookup: never per game message.
final class RoomRegistry: Sendable {
    private struct State {
        var rooms: [String: RoomRef] = [:]
        /// Rooms that ended and stay only for their podium (`endedRoomRetentionSeconds`).
        var ended: Set<String> = []
        /// Where each room's players join: the addresses offered, and the one in use.
        var joins: [String: (offered: JoinAddress, chosen: String)] = [:]
        /// The host token's hash of each room, for HTTP requests made with it (the results).
        var hostTokenHashes: [String: String] = [:]
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.rooms.count } }

    /// Rooms whose game has not ended: what a drain waits for.
    var runningCount: Int { state.withLock { $0.rooms.count - $0.ended.count } }

    func room(_ code: String) -> RoomRef? { state.withLock { $0.rooms[code] } }

    enum InsertResult { case inserted, full, codeTaken }

    /// Registers a new room unless `limit` rooms are open or its code is in use.
    func insert(_ ref: RoomRef, limit: Int) -> InsertResult {
        state.withLock { state in
            guard state.rooms.count < limit else { return .full }
            guard state.rooms[ref.code] == nil else { return .codeTaken }
            state.rooms[ref.code] = ref
            return .inserted
        }
    }

    /// Puts a recovered room back under its own code.
    func restore(_ ref: RoomRef) {
        state.withLock { $0.rooms[ref.code] = ref }
    }

    /// Remembers the room's host token hash for HTTP requests (the room itself lives on its loop).
    func setHostTokenHash(_ hash: String, for code: String) {
        state.withLock { $0.hostTokenHashes[code] = hash }
    }

    func hostTokenHash(_ code: String) -> String? {
        state.withLock { $0.rooms[code] == nil ? nil : $0.hostTokenHashes[code] }
    }

    /// The room's game ended; it stays reachable until `remove`.
    func markEnded(_ code: String) {
        state.withLock { state in
            if state.rooms[code] != nil { state.ended.insert(code) }
        }
    }

    func remove(_ code: String) {
        state.withLock { state in
            state.rooms.removeValue(forKey: code)
            state.ended.remove(code)
            state.joins.removeValue(forKey: code)
            state.hostTokenHashes.removeValue(forKey: code)
        }
    }

    /// The room's join addresses and the one in use; `offered` is kept if the room has some already
    /// (a host console reopened from another device must not move the players' address).
    @discardableResult
    func join(_ code: String, offering offered: JoinAddress) -> (offered: JoinAddress, chosen: String) {
        state.withLock { state in
            if let known = state.joins[code] { return known }
            let join = (offered, offered.url)
            state.joins[code] = join
            return join
        }
    }

    /// The base URL players of `code` use now, if the room has one.
    func joinURL(_ code: String) -> String? {
        state.withLock { $0.joins[code]?.chosen }
    }

    /// The addresses offered for `code` and the one in use.
    func joinAddresses(_ code: String) -> (offered: JoinAddress, chosen: String)? {
        state.withLock { $0.joins[code] }
    }

    /// The host picked another of the offered addresses; false if `url` is not one of them.
    func chooseJoinURL(_ url: String, for code: String) -> Bool {
        state.withLock { state in
            guard var join = state.joins[code], join.offered.candidates.contains(url) else { return false }
            join.chosen = url
            state.joins[code] = join
            return true
        }
    }

    var all: [RoomRef] { state.withLock { Array($0.rooms.values) } }
}
