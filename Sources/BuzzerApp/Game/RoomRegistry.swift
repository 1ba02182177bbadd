import BuzzerTransport
import Synchronization

/// A Sendable way to reach a live room: its loop, and the room itself bound to that loop.
struct RoomRef: Sendable {
    let code: String
    /// The SHA-256 of the room's host token, fixed at its creation: HTTP requests made with the token
    /// (the results download) are checked here without a hop to the room's loop.
    let hostTokenHash: String
    let loop: EventLoop
    let bound: LoopBound<LiveRoom>

    /// Runs `body` with the room on its loop.
    func run(_ body: @escaping @Sendable (LiveRoom) -> Void) {
        let bound = self.bound
        loop.execute { body(bound.value) }
    }
}

/// Rooms by join code, one record each. Taken once per create, join or lookup: never per game message.
final class RoomRegistry: Sendable {
    private struct Entry {
        var ref: RoomRef
        /// Set once the game ended: the room stays only for its podium (`endedRoomRetentionSeconds`),
        /// with when it ended and the ticket its removal timer holds.
        var ended: (at: Int64, ticket: UInt64)?
        /// Where its players join: the addresses offered, and the one in use.
        var join: (offered: JoinAddress, chosen: String)?
    }

    private struct State {
        /// Told each code that leaves (the archive's index drops its ranges: its results are no longer served).
        let removed: @Sendable (String) -> Void
        var rooms: [String: Entry] = [:]
        /// How many of `rooms` have ended, kept so the running count costs nothing.
        var endedCount = 0
        var nextTicket: UInt64 = 1

        var runningCount: Int { rooms.count - endedCount }

        mutating func remove(_ code: String) {
            guard let entry = rooms.removeValue(forKey: code) else { return }
            if entry.ended != nil { endedCount -= 1 }
            removed(code)
        }
    }

    private let state: Mutex<State>

    init(removed: @escaping @Sendable (String) -> Void = { _ in }) {
        state = Mutex(State(removed: removed))
    }

    var count: Int { state.withLock { $0.rooms.count } }

    /// Rooms whose game has not ended: what `maxRooms` limits and a drain waits for.
    var runningCount: Int { state.withLock { $0.runningCount } }

    /// Ended rooms kept for their podium.
    var endedCount: Int { state.withLock { $0.endedCount } }

    func room(_ code: String) -> RoomRef? { state.withLock { $0.rooms[code]?.ref } }

    var all: [RoomRef] { state.withLock { $0.rooms.values.map(\.ref) } }

    enum InsertResult { case inserted, full, codeTaken }

    /// Registers a new room unless `limit` rooms are running or its code is in use. Ended rooms kept
    /// for their podium do not count: they are bounded by `markEnded`'s `keepingAtMost` instead.
    func insert(_ ref: RoomRef, limit: Int) -> InsertResult {
        state.withLock { state in
            guard state.runningCount < limit else { return .full }
            guard state.rooms[ref.code] == nil else { return .codeTaken }
            state.rooms[ref.code] = Entry(ref: ref)
            return .inserted
        }
    }

    /// Puts a recovered room back under its own code.
    func restore(_ ref: RoomRef) {
        state.withLock { state in
            state.remove(ref.code)
            state.rooms[ref.code] = Entry(ref: ref)
        }
    }

    /// The host token hash of a room still kept, for HTTP requests made with the token.
    func hostTokenHash(_ code: String) -> String? {
        state.withLock { $0.rooms[code]?.ref.hostTokenHash }
    }

    /// The room's game ended at `at`; it stays reachable until `removeEnded` with the returned
    /// ticket. Past `keepingAtMost` ended rooms, those that ended first are dropped now and returned,
    /// for their loops to forget them: ended rooms cost memory, not slots of `maxRooms`.
    func markEnded(_ code: String, at: Int64, keepingAtMost: Int) -> (ticket: UInt64, dropped: [RoomRef]) {
        state.withLock { state in
            guard let entry = state.rooms[code] else { return (0, []) }
            if let known = entry.ended { return (known.ticket, []) }
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.rooms[code]?.ended = (at, ticket)
            state.endedCount += 1
            var dropped: [RoomRef] = []
            while state.endedCount > max(0, keepingAtMost),
                  let oldest = state.rooms.lazy.compactMap({ code, entry in entry.ended.map { (code, $0) } })
                    .min(by: { ($0.1.at, $0.1.ticket) < ($1.1.at, $1.1.ticket) })?.0 {
                if let ref = state.rooms[oldest]?.ref { dropped.append(ref) }
                state.remove(oldest)
            }
            return (ticket, dropped)
        }
    }

    /// Drops an ended room at the end of its retention, unless it was dropped already (its code may
    /// belong to a new room by now).
    func removeEnded(_ code: String, ticket: UInt64) {
        state.withLock { state in
            if state.rooms[code]?.ended?.ticket == ticket { state.remove(code) }
        }
    }

    func remove(_ code: String) {
        state.withLock { $0.remove(code) }
    }

    /// The room's join addresses and the one in use; `offered` is kept if the room has some already
    /// (a host console reopened from another device must not move the players' address).
    @discardableResult
    func join(_ code: String, offering offered: JoinAddress) -> (offered: JoinAddress, chosen: String) {
        state.withLock { state in
            if let known = state.rooms[code]?.join { return known }
            let join = (offered, offered.url)
            state.rooms[code]?.join = join
            return join
        }
    }

    /// Puts back the join addresses a recovered room logged, with the one it had in use.
    func restoreJoin(_ code: String, offered: JoinAddress, chosen: String) {
        state.withLock { $0.rooms[code]?.join = (offered, chosen) }
    }

    /// The base URL players of `code` use now, if the room has one.
    func joinURL(_ code: String) -> String? {
        state.withLock { $0.rooms[code]?.join?.chosen }
    }

    /// The addresses offered for `code` and the one in use.
    func joinAddresses(_ code: String) -> (offered: JoinAddress, chosen: String)? {
        state.withLock { $0.rooms[code]?.join }
    }

    /// The host picked another of the offered addresses; false if `url` is not one of them.
    func chooseJoinURL(_ url: String, for code: String) -> Bool {
        state.withLock { state in
            guard var join = state.rooms[code]?.join, join.offered.candidates.contains(url) else { return false }
            join.chosen = url
            state.rooms[code]?.join = join
            return true
        }
    }
}
