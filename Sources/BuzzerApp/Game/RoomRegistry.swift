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
        /// Rooms that ended and stay only for their podium (`endedRoomRetentionSeconds`), with when
        /// they ended and the ticket their removal timer holds.
        var ended: [String: (at: Int64, ticket: UInt64)] = [:]
        var nextTicket: UInt64 = 1
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

    /// Registers a new room unless `limit` rooms are running or its code is in use. Ended rooms kept
    /// for their podium do not count: they are bounded by `markEnded`'s `keepingAtMost` instead.
    func insert(_ ref: RoomRef, limit: Int) -> InsertResult {
        state.withLock { state in
            guard state.rooms.count - state.ended.count < limit else { return .full }
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

    /// The room's game ended at `at`; it stays reachable until `removeEnded` with the returned
    /// ticket. Past `keepingAtMost` ended rooms, those that ended first are dropped now and returned,
    /// for their loops to forget them: ended rooms cost memory, not slots of `maxRooms`.
    func markEnded(_ code: String, at: Int64, keepingAtMost: Int) -> (ticket: UInt64, dropped: [RoomRef]) {
        state.withLock { state in
            guard state.rooms[code] != nil else { return (0, []) }
            if let known = state.ended[code] { return (known.ticket, []) }
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.ended[code] = (at, ticket)
            var dropped: [RoomRef] = []
            while state.ended.count > max(0, keepingAtMost),
                  let oldest = state.ended.min(by: { ($0.value.at, $0.value.ticket) < ($1.value.at, $1.value.ticket) })?.key {
                if let ref = state.rooms[oldest] { dropped.append(ref) }
                Self.remove(oldest, from: &state)
            }
            return (ticket, dropped)
        }
    }

    /// Drops an ended room at the end of its retention, unless it was dropped already (its code may
    /// belong to a new room by now).
    func removeEnded(_ code: String, ticket: UInt64) {
        state.withLock { state in
            if state.ended[code]?.ticket == ticket { Self.remove(code, from: &state) }
        }
    }

    func remove(_ code: String) {
        state.withLock { Self.remove(code, from: &$0) }
    }

    private static func remove(_ code: String, from state: inout State) {
        state.rooms.removeValue(forKey: code)
        state.ended.removeValue(forKey: code)
        state.joins.removeValue(forKey: code)
        state.hostTokenHashes.removeValue(forKey: code)
    }

    /// Ended rooms kept for their podium.
    var endedCount: Int { state.withLock { $0.ended.count } }

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
